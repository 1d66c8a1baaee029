/// One client's lifecycle with no socket: bytes, end of input, room to
/// write, shutdown and timers in; what to send, when to read or wait to
/// write, and when to close out, through `ConnectionIO`. It owns the
/// framer, the output and the phase, so every transition is tested without
/// a socket (`ConnectionMachineTests`).
///
/// `LineFramer` cuts input into lines, `Dispatcher` answers each into
/// `output`, and replies go out in order. Reading stops while the unsent
/// output is over `maxOutputBytes`, and the connection closes only once what
/// it owes is flushed (detent-protocol(7), "Lines"; plugins.json(5),
/// `limits`).
public final class ConnectionMachine {
    /// Where a connection is in its life.
    public enum Phase: Sendable, Equatable {
        /// Reading and answering.
        case serving
        /// Not reading: the client's unsent output is over the limit.
        case paused
        /// Taking no more input; goes once its output is flushed.
        case closing
        /// Over.
        case closed
    }

    /// The adapter outlives its machine (it owns it).
    unowned(unsafe) let io: any ConnectionIO
    let server: ServerState
    /// Not checked for exclusive access at run time (measured: a check per
    /// line on the line path); the loop is one thread, and `state` is only
    /// lent to the dispatcher for the length of one call.
    @exclusivity(unchecked) public var state = ConnectionState()
    @exclusivity(unchecked) public private(set) var phase = Phase.serving
    public private(set) var framer = LineFramer()
    /// Replies not yet written, from `outputStart`. Kept (with its memory)
    /// between turns: a reply is written into it with no allocation.
    let output = ReplyBuffer()
    private var outputStart = 0
    /// Room to write is being watched for (output waits for the peer).
    public private(set) var writing = false

    public init(io: any ConnectionIO, server: ServerState) {
        self.io = io
        self.server = server
    }

    /// Replies not yet taken by the peer, in bytes.
    public var unsent: Int { output.count - outputStart }

    /// Read where they apply, so a reload takes effect at once.
    public var limits: Limits { server.config.limits }

    /// Whether the phase takes pushes and timers.
    public var isOpen: Bool { phase == .serving || phase == .paused }

    // MARK: - Input

    /// Bytes read: answered as far as the output allows.
    public func received(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard phase != .closed else { return }
        framer.feed(bytes, limit: limits.maxLineBytes) { take($0, all: false) }
        afterInput()
    }

    /// The client closed its side: answer what is left, then close.
    public func endOfInput() {
        guard phase != .closed else { return }
        framer.endOfInput()
        io.watchReading(false)
        if phase == .serving { framer.resume(limit: limits.maxLineBytes) { take($0, all: false) } }
        afterInput()
    }

    /// Answers one frame; false stops taking them (quit, a full output, closed).
    /// - Parameter all: at shutdown every line read is answered.
    private func take(_ frame: LineFramer.Frame, all: Bool) -> Bool {
        guard phase != .closed else { return false }
        switch frame {
        case .line(let line):
            let effect = Dispatcher.answer(line, connection: &state, server: server, output: output)
            if let name = effect.autoplayChanged { io.autoplayChanged(name) }
            if state.finished {
                // `quit`: nothing after it is read (the framer is closed once
                // it returns; it cannot be touched while it delivers).
                io.cancelTimers()
                return false
            }
        case .tooLong(let prefix):
            Dispatcher.lineTooLong(start: prefix, server: server, output: output)
            io.limitHit("maxLineBytes")
        }
        if all { return true }
        if unsent > limits.maxOutputBytes {
            // Over the limit: pause only if the peer will not take it now
            // (flushing watches for room, which resumes).
            flush()
            if unsent > limits.maxOutputBytes { pause() }
        }
        return phase == .serving
    }

    /// After lines were answered: flush, and close if that is due (quit,
    /// or the end of input with every line answered).
    private func afterInput() {
        guard phase != .closed else { return }
        if state.finished { framer.close() }
        flush()
        if phase == .closed { return }
        if framer.state == .finished, phase == .serving { closeWhenFlushed() }
    }

    // MARK: - Output

    /// Queues a line (a pushed decision) and writes it now if nothing waits before it.
    public func write(_ text: String) {
        guard phase != .closed else { return }
        output.append(text)
        flush()
    }

    /// Writes what the peer takes now; room to write is watched for the rest.
    private func flush() {
        guard phase != .closed else { return }
        while unsent > 0 {
            guard let n = io.send(UnsafeRawBufferPointer(start: output.base + outputStart, count: unsent)) else {
                destroy()  // the peer is gone
                return
            }
            if n == 0 { break }
            outputStart += n
        }
        if unsent == 0 {
            output.removeAll(keepingAtMost: 1 << 16)
            outputStart = 0
            if writing {
                writing = false
                io.watchWriting(false)
            }
        } else {
            if outputStart > 1 << 16, outputStart * 2 > output.count {
                output.removeFirst(outputStart)
                outputStart = 0
            }
            if !writing {
                writing = true
                io.watchWriting(true)
            }
        }
    }

    /// The peer has room: write, then close or resume reading if that is due.
    public func writable() {
        flush()
        switch phase {
        case .closing where unsent == 0: destroy()
        case .paused where unsent <= limits.maxOutputBytes / 2:
            phase = .serving
            if framer.state == .reading || framer.state == .discarding { io.watchReading(true) }
            // What was read before the pause is answered now.
            framer.resume(limit: limits.maxLineBytes) { take($0, all: false) }
            afterInput()
        default: break
        }
    }

    private func pause() {
        guard phase == .serving else { return }
        phase = .paused
        io.watchReading(false)
        io.limitHit("maxOutputBytes")
    }

    // MARK: - Closing

    /// Stops reading and closes once the output is flushed.
    public func closeWhenFlushed() {
        guard phase != .closed else { return }
        if phase != .closing {
            phase = .closing
            io.cancelTimers()
            io.watchReading(false)
        }
        flush()
        if phase != .closed, unsent == 0 { destroy() }
    }

    /// Shutdown: answer every complete line already read, drop a partial
    /// last one, stop autoplay, then close once flushed.
    public func shutDown() {
        guard isOpen else { return }
        io.cancelTimers()
        if !state.finished { framer.resume(limit: limits.maxLineBytes) { take($0, all: true) } }
        closeWhenFlushed()
    }

    /// Over now (a reset, the grace of a shutdown spent, the peer gone).
    public func destroy() {
        guard phase != .closed else { return }
        let wasClosing = phase == .closing
        phase = .closed
        io.cancelTimers()
        io.closed(discardUnread: wasClosing)
    }

    // MARK: - Autoplay

    /// The period a session's autoplay timer should run at now, or nil to stop it.
    public func autoplayPeriod(_ session: String) -> Double? {
        guard isOpen else { return nil }
        return state.sessions[session]?.autoplay?.every
    }

    /// A session's autoplay timer fired: pushes the next step unless the
    /// client is behind; returns the period to re-arm at, or nil.
    public func autoplayDue(_ session: String) -> Double? {
        guard isOpen, let settings = state.sessions[session]?.autoplay else { return nil }
        if unsent <= limits.maxOutputBytes, let line = Dispatcher.autoplayPush(session: session, connection: &state) {
            write(line)
        }
        return isOpen ? settings.every : nil
    }
}
