#if canImport(Glibc)
import Glibc
#endif
import CLibevent
import DetentCore

/// One client: its socket, a read and a write event, its own input and
/// output buffers, its protocol state and its autoplay timers.
///
/// It only moves bytes: complete lines go to `Dispatcher`, replies go back
/// in order. It holds at most one line's limit of input (discarding an
/// over-long line to its newline), stops reading while the client's unsent
/// output is over the limit, and closes only once what it owes is flushed.
///
/// Built on plain libevent events rather than a bufferevent: measured under
/// load, a bufferevent costs more system calls a request (an ioctl before
/// each read, an epoll_ctl pair around each write) than a read, a handled
/// line and a direct write do, and that was most of the gap to the echo
/// floor (BENCHMARKS.md).
final class Connection {
    unowned let server: Server
    let fd: Int32
    private var readEvent: OpaquePointer?
    private var writeEvent: OpaquePointer?
    var state = ConnectionState()
    private var timers: [String: AutoplayTimer] = [:]
    /// Bytes read and not yet handled between turns: usually nothing, else
    /// the start of a line (or, while paused, lines not answered yet). Lines
    /// are read into the server's one scratch buffer, so an idle connection
    /// holds no input memory.
    private var carry: [UInt8] = []
    /// Replies not yet written, from `outputStart`.
    private var output: [UInt8] = []
    private var outputStart = 0
    /// The write event is pending (output waits for the socket).
    private var writing = false
    /// Dropping an over-long line up to its newline.
    private var discarding = false
    /// Reading stopped because the output backlog is over `maxOutputBytes`.
    private var paused = false
    /// The client sent EOF (it may still read).
    private var peerDone = false
    /// No more input is taken; the connection goes once its output is flushed.
    private(set) var closing = false
    private var destroyed = false

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

    private var unsent: Int { output.count - outputStart }

    /// Read where they apply, so a reload takes effect at once.
    private var limits: Limits { server.state.config.limits }

    // MARK: - Input

    /// One read per turn, so a client with a burst does not starve others.
    func readable() {
        // A line's limit and its newline; more only if a reload lowered the
        // limit under what is kept (that line is then cut as too long).
        let size = max(limits.maxLineBytes + 1, carry.count + 1)
        let scratch = server.scratch(size)
        var count = takeCarry(into: scratch, size: size)
        let n = recv(fd, scratch + count, size - count, 0)
        if n > 0 {
            count += n
            process(scratch, count, ignoringBacklog: false)
        } else if n == 0 {
            keep(scratch, 0, count)
            peerDone = true
            stopReading()
            if !paused { processInput() }
        } else if errno != EAGAIN && errno != EINTR {
            destroy()  // a reset: nothing more can be delivered
        } else {
            keep(scratch, 0, count)
        }
    }

    /// Answers what is kept from earlier turns (after a pause, at EOF, at
    /// shutdown).
    /// - Parameter ignoringBacklog: at shutdown every read line is answered.
    func processInput(ignoringBacklog: Bool = false) {
        let size = max(limits.maxLineBytes + 1, carry.count)
        let scratch = server.scratch(size)
        let count = takeCarry(into: scratch, size: size)
        process(scratch, count, ignoringBacklog: ignoringBacklog)
    }

    /// Copies the kept bytes to the front of the scratch buffer.
    private func takeCarry(into scratch: UnsafeMutablePointer<UInt8>, size: Int) -> Int {
        let count = carry.count
        guard count > 0 else { return 0 }
        carry.withUnsafeBufferPointer { scratch.update(from: $0.baseAddress!, count: count) }
        carry = []
        return count
    }

    /// Keeps `buffer[from..<to]` for a later turn.
    private func keep(_ buffer: UnsafeMutablePointer<UInt8>, _ from: Int, _ to: Int) {
        carry = to > from ? Array(UnsafeBufferPointer(start: buffer + from, count: to - from)) : []
    }

    /// Answers every complete line of `buffer[0..<count]` (unless paused or
    /// closing), keeps the rest, flushes, and closes if that is due.
    private func process(_ buffer: UnsafeMutablePointer<UInt8>, _ count: Int, ignoringBacklog: Bool) {
        let limit = limits.maxLineBytes
        var start = 0
        while !state.finished, !destroyed, ignoringBacklog || (!paused && !closing) {
            let available = count - start
            if available == 0 { break }
            let found = memchr(buffer + start, 0x0A, available).map { buffer.distance(to: $0.assumingMemoryBound(to: UInt8.self)) }
            if discarding {
                guard let found else {
                    start = count
                    break
                }
                start = found + 1
                discarding = false
                continue
            }
            guard let found else {
                if available > limit {
                    lineTooLong(buffer + start, available)
                    start = count
                    discarding = true
                }
                break
            }
            if found - start > limit {
                lineTooLong(buffer + start, found - start)
                start = found + 1
                continue
            }
            handle(UnsafeBufferPointer(start: buffer + start, count: found - start))
            start = found + 1
            if !ignoringBacklog, unsent > limits.maxOutputBytes { pause() }
        }
        if destroyed { return }
        keep(buffer, start, count)
        flush()
        if destroyed { return }
        if state.finished {
            carry = []
            closeWhenFlushed()
        } else if peerDone, !paused, !closing {
            finishInput()
        }
    }

    /// The client sent EOF: a last line without `\n` is handled like any.
    private func finishInput() {
        if !carry.isEmpty, !discarding, !state.finished {
            let last = carry
            last.withUnsafeBufferPointer { bytes in
                if bytes.count > limits.maxLineBytes {
                    lineTooLong(UnsafeMutablePointer(mutating: bytes.baseAddress!), bytes.count)
                } else {
                    handle(bytes)
                }
            }
        }
        carry = []
        closeWhenFlushed()
    }

    /// Answers a line over the limit, in the encoding its first bytes show.
    private func lineTooLong(_ start: UnsafeMutablePointer<UInt8>, _ length: Int) {
        let reply = Dispatcher.lineTooLong(start: UnsafeBufferPointer(start: start, count: min(length, 64)), server: server.state)
        queue(reply)
        server.noteLimitHit("maxLineBytes")
    }

    private func handle(_ line: UnsafeBufferPointer<UInt8>) {
        let result = Dispatcher.handle(line, connection: &state, server: server.state)
        if let reply = result.replyBytes { output.append(contentsOf: reply) }
        if let name = result.autoplayChanged { syncAutoplay(name) }
        if result.close { cancelTimers() }
    }

    // MARK: - Output

    private func queue(_ text: String) {
        output.append(contentsOf: text.utf8)
    }

    /// Queues a line and writes it now if nothing is waiting before it.
    func write(_ text: String) {
        queue(text)
        flush()
    }

    /// Writes what the socket takes now; the write event does the rest.
    private func flush() {
        guard !destroyed else { return }
        while unsent > 0 {
            let (from, count) = (outputStart, unsent)
            let n: Int = output.withUnsafeBytes { (raw: UnsafeRawBufferPointer) -> Int in
                send(fd, raw.baseAddress! + from, count, Self.sendFlags)
            }
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
            output.removeAll(keepingCapacity: output.capacity <= 1 << 16)
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
        if destroyed { return }
        if closing {
            if unsent == 0 { destroy() }
            return
        }
        if paused, unsent <= limits.maxOutputBytes / 2 {
            paused = false
            if !peerDone, let readEvent { event_add(readEvent, nil) }
            // What was read before the pause is answered now.
            processInput()
        }
    }

    // MARK: - Output backlog

    private func pause() {
        guard !paused else { return }
        paused = true
        stopReading()
        server.noteLimitHit("maxOutputBytes")
    }

    private func stopReading() {
        if let readEvent { event_del(readEvent) }
    }

    // MARK: - Autoplay

    /// Starts, restarts or stops the session's timer to match its state.
    private func syncAutoplay(_ name: String) {
        guard !closing, let settings = state.sessions[name]?.autoplay, let base = server.base else {
            timers.removeValue(forKey: name)?.cancel()
            return
        }
        let timer = timers[name] ?? AutoplayTimer(connection: self, session: name, base: base)
        timers[name] = timer
        timer.arm(every: settings.every)
    }

    func autoplayDue(_ timer: AutoplayTimer) {
        guard !closing, let settings = state.sessions[timer.session]?.autoplay else { return }
        if unsent <= limits.maxOutputBytes, let line = Dispatcher.autoplayPush(session: timer.session, connection: &state) {
            write(line)
        }
        timer.arm(every: settings.every)
    }

    private func cancelTimers() {
        for timer in timers.values { timer.cancel() }
        timers.removeAll()
    }

    // MARK: - Closing

    /// Stops reading and closes once the output is flushed.
    func closeWhenFlushed() {
        guard !destroyed else { return }
        if !closing {
            closing = true
            cancelTimers()
            stopReading()
        }
        flush()
        if !destroyed, unsent == 0 { destroy() }
    }

    /// Shutdown: answer every complete line already read, drop a partial
    /// last one, stop autoplay, then close once flushed.
    func shutDown() {
        guard !destroyed, !closing else { return }
        cancelTimers()
        if !state.finished { processInput(ignoringBacklog: true) }
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
        guard !destroyed else { return }
        destroyed = true
        cancelTimers()
        for event in [readEvent, writeEvent].compactMap({ $0 }) { event_free(event) }
        readEvent = nil
        writeEvent = nil
        if closing { discardUnread() }
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
