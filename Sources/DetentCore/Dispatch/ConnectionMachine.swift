/// One connection's machine, the types that change with it together: its
/// I/O port, its protocol state, what a line asks of it, and the machine.
/// Its autoplay clock is `ConnectionMachine+Autoplay.swift`.

/// What a `ConnectionMachine` asks of the world around it: the event
/// loop's side of one client (`DetentServer.Connection` on a real socket;
/// a recording one with a clock the tests move in the machine's tests, as
/// swift-nio's `EmbeddedChannel` and `EmbeddedEventLoop`).
public protocol ConnectionIO: AnyObject {
    /// Writes what the peer takes now: the bytes taken (0 when it would
    /// block), or nil when the peer is gone.
    func send(_ bytes: UnsafeRawBufferPointer) -> Int?
    /// Watch (or stop watching) for input.
    func watchReading(_ on: Bool)
    /// Watch (or stop watching) for room to write.
    func watchWriting(_ on: Bool)
    /// The port's clock in milliseconds: monotonic, from any origin.
    /// Read only when a timer is to be set (never per line).
    var now: Double { get }
    /// Arms the connection's one timer to call
    /// `ConnectionMachine.timerFired(now:)` once `now` reaches `deadline`,
    /// replacing the one armed; nil disarms it.
    func armTimer(at deadline: Double?)
    /// A limit was hit (for the log).
    func limitHit(_ limit: String)
    /// The connection is over: free it. `discardUnread`: read away what the
    /// client sent and was not read, so closing does not reset its replies.
    func closed(discardUnread: Bool)
}

/// The protocol state of one connection: its sessions, by name.
public struct ConnectionState: Sendable {
    public var sessions = SessionTable()
    /// Set by `quit`: no further line is read or answered.
    public var finished = false

    public init() {}
}

/// What answering a line asks of the connection, besides its reply.
/// (`quit` is said once, by `ConnectionState.finished`.)
public struct LineEffect: Sendable, Equatable {
    /// A session whose autoplay must be re-synced: started, restarted (a
    /// decision restarts the period) or stopped. Nil when the session has
    /// no autoplay and had none, so the line path touches no timer.
    public var autoplayChanged: String?

    public init(autoplayChanged: String? = nil) {
        self.autoplayChanged = autoplayChanged
    }
}

/// One client's lifecycle with no socket: bytes, end of input, room to
/// write, shutdown and the timer in; what to send, when to read or wait to
/// write, when to wake and when to close out, through `ConnectionIO`. It
/// owns the framer, the output, the phase and autoplay's deadlines, so
/// every transition is tested without a socket or a sleep
/// (`ConnectionMachineTests`, `AutoplayClockTests`).
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
    /// Each autoplaying session's next step, on the port's clock.
    var deadlines: [String: Double] = [:]
    /// Where the port's timer is armed (the earliest deadline), or nil.
    var armed: Double?

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
            if let name = effect.autoplayChanged { autoplayChanged(name) }
            if state.finished {
                // `quit`: nothing after it is read (the framer is closed once
                // it returns; it cannot be touched while it delivers).
                stopAutoplay()
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
            stopAutoplay()
            io.watchReading(false)
        }
        flush()
        if phase != .closed, unsent == 0 { destroy() }
    }

    /// Shutdown: answer every complete line already read, drop a partial
    /// last one, stop autoplay, then close once flushed.
    public func shutDown() {
        guard isOpen else { return }
        stopAutoplay()
        if !state.finished { framer.resume(limit: limits.maxLineBytes) { take($0, all: true) } }
        closeWhenFlushed()
    }

    /// Over now (a reset, the grace of a shutdown spent, the peer gone).
    public func destroy() {
        guard phase != .closed else { return }
        let wasClosing = phase == .closing
        phase = .closed
        stopAutoplay()
        io.closed(discardUnread: wasClosing)
    }
}
