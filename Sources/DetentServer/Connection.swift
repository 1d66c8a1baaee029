#if canImport(Glibc)
import Glibc
#endif
import CLibevent
import DetentCore

/// One client: its socket, a read and a write event, its output buffer,
/// its protocol state and its autoplay timers.
///
/// It only moves bytes: `LineFramer` cuts them into lines, `Dispatcher`
/// answers each into `output`, and replies go back in order. It stops
/// reading while the client's unsent output is over `maxOutputBytes`, and
/// closes only once what it owes is flushed (detent-protocol(7), "Lines";
/// plugins.json(5), `limits`).
///
/// Built on plain libevent events rather than a bufferevent: measured under
/// load, a bufferevent costs more system calls a request (an ioctl before
/// each read, an epoll_ctl pair around each write) than a read, a handled
/// line and a direct write do (BENCHMARKS.md).
final class Connection {
    /// Where a connection is in its life.
    enum Phase: Equatable {
        /// Reading and answering.
        case serving
        /// Not reading: the client's unsent output is over the limit.
        case paused
        /// Taking no more input; goes once its output is flushed.
        case closing
        /// Freed.
        case closed
    }

    /// The server outlives its connections (it frees them before itself).
    unowned(unsafe) let server: Server
    let fd: Int32
    private var readEvent: OpaquePointer?
    private var writeEvent: OpaquePointer?
    /// Not checked for exclusive access at run time (measured: a check per
    /// line on the line path); the loop is one thread, and `state` is only
    /// lent to the dispatcher for the length of one call.
    @exclusivity(unchecked) var state = ConnectionState()
    var timers: [String: AutoplayTimer] = [:]
    @exclusivity(unchecked) private(set) var phase = Phase.serving
    private var framer = LineFramer()
    /// Replies not yet written, from `outputStart`. Kept (with its memory)
    /// between turns: a reply is written into it with no allocation.
    private let output = ReplyBuffer()
    private var outputStart = 0
    /// The write event is pending (output waits for the socket).
    private var writing = false

    static let sendFlags = Int32(MSG_NOSIGNAL) | Int32(MSG_DONTWAIT)

    init(server: Server, fd: Int32) {
        self.server = server
        self.fd = fd
    }

    /// Starts reading.
    func start(base: OpaquePointer) {
        let context = Unmanaged.passUnretained(self).toOpaque()
        readEvent = event_new(base, fd, Int16(EV_READ | EV_PERSIST), connectionReadable, context)
        writeEvent = event_new(base, fd, Int16(EV_WRITE | EV_PERSIST), connectionWritable, context)
        if let readEvent { event_add(readEvent, nil) }
    }

    var unsent: Int { output.count - outputStart }

    /// Read where they apply, so a reload takes effect at once.
    var limits: Limits { server.state.config.limits }

    // MARK: - Input

    /// One read per turn, of at most a line's limit and its newline, so a
    /// client with a burst does not starve others. Reads go into the
    /// server's one scratch buffer: an idle connection holds no input memory.
    func readable() {
        let limit = limits.maxLineBytes
        let scratch = server.scratch(limit + 1)
        let n = recv(fd, scratch, limit + 1, 0)
        if n > 0 {
            framer.feed(UnsafeBufferPointer(start: scratch, count: n), limit: limit) { take($0, all: false) }
            afterInput()
        } else if n == 0 {
            framer.endOfInput()
            stopReading()
            if phase == .serving { framer.resume(limit: limit) { take($0, all: false) } }
            afterInput()
        } else if errno != EAGAIN && errno != EINTR {
            destroy()  // a reset: nothing more can be delivered
        }
    }

    /// Answers one frame; false stops taking them (quit, a full output, closed).
    /// - Parameter all: at shutdown every line read is answered.
    private func take(_ frame: LineFramer.Frame, all: Bool) -> Bool {
        guard phase != .closed else { return false }
        switch frame {
        case .line(let line):
            let effect = Dispatcher.answer(line, connection: &state, server: server.state, output: output)
            if let name = effect.autoplayChanged { syncAutoplay(name) }
            if effect.close {
                // `quit`: nothing after it is read (the framer is closed once
                // it returns; it cannot be touched while it delivers).
                cancelTimers()
                return false
            }
        case .tooLong(let prefix):
            Dispatcher.lineTooLong(start: prefix, server: server.state, output: output)
            server.noteLimitHit("maxLineBytes")
        }
        if all { return true }
        if unsent > limits.maxOutputBytes {
            // Over the limit: pause only if the socket will not take it now
            // (flushing arms the write event that resumes).
            flush()
            if unsent > limits.maxOutputBytes { pause() }
        }
        return phase == .serving
    }

    /// After lines were answered: flush, and close if that is due (quit,
    /// or EOF with every line answered).
    private func afterInput() {
        guard phase != .closed else { return }
        if state.finished { framer.close() }
        flush()
        if phase == .closed { return }
        if framer.state == .finished, phase == .serving { closeWhenFlushed() }
    }

    // MARK: - Output

    /// Queues a line and writes it now if nothing is waiting before it.
    func write(_ text: String) {
        output.append(text)
        flush()
    }

    /// Writes what the socket takes now; the write event does the rest.
    private func flush() {
        guard phase != .closed else { return }
        while unsent > 0 {
            let (from, count) = (outputStart, unsent)
            let n = send(fd, output.base + from, count, Self.sendFlags)
            if n > 0 {
                outputStart += n
                continue
            }
            if n < 0 && errno == EINTR { continue }
            if n < 0 && errno == EAGAIN { break }
            destroy()  // the peer is gone
            return
        }
        if unsent == 0 {
            output.removeAll(keepingAtMost: 1 << 16)
            outputStart = 0
            if writing, let writeEvent {
                event_del(writeEvent)
                writing = false
            }
        } else {
            if outputStart > 1 << 16, outputStart * 2 > output.count {
                output.removeFirst(outputStart)
                outputStart = 0
            }
            if !writing, let writeEvent {
                event_add(writeEvent, nil)
                writing = true
            }
        }
    }

    func writable() {
        flush()
        switch phase {
        case .closing where unsent == 0: destroy()
        case .paused where unsent <= limits.maxOutputBytes / 2:
            phase = .serving
            if framer.state == .reading || framer.state == .discarding, let readEvent { event_add(readEvent, nil) }
            // What was read before the pause is answered now.
            framer.resume(limit: limits.maxLineBytes) { take($0, all: false) }
            afterInput()
        default: break
        }
    }

    // MARK: - Output backlog

    private func pause() {
        guard phase == .serving else { return }
        phase = .paused
        stopReading()
        server.noteLimitHit("maxOutputBytes")
    }

    private func stopReading() {
        if let readEvent { event_del(readEvent) }
    }

    // MARK: - Closing

    /// Stops reading and closes once the output is flushed.
    func closeWhenFlushed() {
        guard phase != .closed else { return }
        if phase != .closing {
            phase = .closing
            cancelTimers()
            stopReading()
        }
        flush()
        if phase != .closed, unsent == 0 { destroy() }
    }

    /// Shutdown: answer every complete line already read, drop a partial
    /// last one, stop autoplay, then close once flushed.
    func shutDown() {
        guard phase == .serving || phase == .paused else { return }
        cancelTimers()
        if !state.finished { framer.resume(limit: limits.maxLineBytes) { take($0, all: true) } }
        closeWhenFlushed()
    }

    /// Drops what the client sent and was never read (at a stop, after
    /// `quit`): closing a Unix socket with unread input resets the peer,
    /// which then sees an error instead of the end after its replies.
    private func discardUnread() {
        var sink = [UInt8](repeating: 0, count: 4096)
        for _ in 0..<256 {
            let n = sink.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, Int32(MSG_DONTWAIT)) }
            if n <= 0 { return }
        }
    }

    /// Frees everything now.
    func destroy() {
        guard phase != .closed else { return }
        let wasClosing = phase == .closing
        phase = .closed
        cancelTimers()
        for event in [readEvent, writeEvent].compactMap({ $0 }) { event_free(event) }
        readEvent = nil
        writeEvent = nil
        if wasClosing { discardUnread() }
        close(fd)
        server.connectionClosed(self)
    }
}

private func connection(_ context: UnsafeMutableRawPointer?) -> Connection {
    Unmanaged<Connection>.fromOpaque(context!).takeUnretainedValue()
}

private func connectionReadable(_: Int32, _: Int16, _ context: UnsafeMutableRawPointer?) {
    let c = connection(context)
    withExtendedLifetime(c) { c.readable() }
}

private func connectionWritable(_: Int32, _: Int16, _ context: UnsafeMutableRawPointer?) {
    let c = connection(context)
    withExtendedLifetime(c) { c.writable() }
}
