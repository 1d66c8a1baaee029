#if canImport(Glibc)
import Glibc
#endif
import CLibevent
import DetentCore

/// One client: a bufferevent, its protocol state and its autoplay timers.
///
/// It only moves bytes: complete lines go to `Dispatcher`, replies go back
/// in order. It enforces the line limit (discarding to the next newline),
/// stops reading while the client's unread output is over the limit, and
/// closes only once what it owes the client is flushed.
final class Connection {
    unowned let server: Server
    private(set) var bev: OpaquePointer?
    var state = ConnectionState()
    private var timers: [String: AutoplayTimer] = [:]
    /// Dropping an over-long line up to its newline.
    private var discarding = false
    /// Reading stopped because the output backlog is over `maxOutputBytes`.
    private var paused = false
    /// The client sent EOF (it may still read).
    private var peerDone = false
    /// No more input is taken; the connection goes once its output is flushed.
    private(set) var closing = false

    init(server: Server, bev: OpaquePointer) {
        self.server = server
        self.bev = bev
    }

    /// Starts reading with the watermarks of the current limits.
    func start() {
        guard let bev else { return }
        let context = Unmanaged.passUnretained(self).toOpaque()
        bufferevent_setcb(bev, connectionReadable, connectionWritable, connectionEvent, context)
        applyLimits()
        bufferevent_enable(bev, Int16(EV_READ | EV_WRITE))
    }

    /// Re-reads the limits (start-up and SIGHUP): read at most one line past
    /// the limit ahead; wake the writer when the backlog halves.
    func applyLimits() {
        guard let bev else { return }
        let limits = server.state.config.limits
        bufferevent_setwatermark(bev, Int16(EV_READ), 0, limits.maxLineBytes + 1)
        bufferevent_setwatermark(bev, Int16(EV_WRITE), limits.maxOutputBytes / 2, 0)
    }

    private var outputLength: Int {
        guard let bev else { return 0 }
        return evbuffer_get_length(bufferevent_get_output(bev))
    }

    // MARK: - Input

    func readable() {
        processInput()
    }

    /// Answers every complete line buffered, unless paused or closing.
    /// - Parameter ignoringBacklog: at shutdown every read line is answered.
    func processInput(ignoringBacklog: Bool = false) {
        guard let bev else { return }
        let input = bufferevent_get_input(bev)
        let limits = server.state.config.limits
        while !state.finished, ignoringBacklog || (!paused && !closing) {
            let length = evbuffer_get_length(input)
            if length == 0 { break }
            let found = evbuffer_search(input, "\n", 1, nil)
            if discarding {
                if found.pos < 0 {
                    evbuffer_drain(input, length)
                    break
                }
                evbuffer_drain(input, Int(found.pos) + 1)
                discarding = false
                continue
            }
            if found.pos < 0 {
                if length > limits.maxLineBytes {
                    lineTooLong(input)
                    evbuffer_drain(input, length)
                    discarding = true
                }
                break
            }
            let lineLength = Int(found.pos)
            if lineLength > limits.maxLineBytes {
                lineTooLong(input)
                evbuffer_drain(input, lineLength + 1)
                continue
            }
            guard let start = evbuffer_pullup(input, lineLength + 1) else { break }
            handle(UnsafeBufferPointer(start: start, count: lineLength))
            evbuffer_drain(input, lineLength + 1)
            if !ignoringBacklog, outputLength > limits.maxOutputBytes { pause() }
        }
        if state.finished {
            closeWhenFlushed()
        } else if peerDone, !paused, !closing {
            finishInput()
        }
    }

    /// The client sent EOF: a last line without `\n` is handled like any.
    private func finishInput() {
        guard let bev else { return }
        let input = bufferevent_get_input(bev)
        let length = evbuffer_get_length(input)
        if length > 0, !discarding, !state.finished {
            if length > server.state.config.limits.maxLineBytes {
                lineTooLong(input)
            } else if let start = evbuffer_pullup(input, length) {
                handle(UnsafeBufferPointer(start: start, count: length))
            }
        }
        evbuffer_drain(input, length)
        closeWhenFlushed()
    }

    private func lineTooLong(_ input: OpaquePointer?) {
        let peek = min(evbuffer_get_length(input), 64)
        guard let start = evbuffer_pullup(input, peek) else { return }
        let reply = Dispatcher.lineTooLong(start: UnsafeBufferPointer(start: start, count: peek), server: server.state)
        write(reply)
        server.noteLimitHit("maxLineBytes")
    }

    private func handle(_ line: UnsafeBufferPointer<UInt8>) {
        let result = Dispatcher.handle(line, connection: &state, server: server.state)
        if let reply = result.reply { write(reply) }
        if let name = result.autoplayChanged { syncAutoplay(name) }
        if result.close { cancelTimers() }
    }

    func write(_ text: String) {
        guard let bev else { return }
        var text = text
        text.withUTF8 { bytes in _ = bufferevent_write(bev, bytes.baseAddress, bytes.count) }
    }

    // MARK: - Output backlog

    private func pause() {
        guard let bev, !paused else { return }
        paused = true
        bufferevent_disable(bev, Int16(EV_READ))
        server.noteLimitHit("maxOutputBytes")
    }

    func writable() {
        if closing {
            if outputLength == 0 { destroy() }
            return
        }
        if paused, outputLength <= server.state.config.limits.maxOutputBytes / 2 {
            paused = false
            if let bev, !peerDone { bufferevent_enable(bev, Int16(EV_READ)) }
            // Re-enabling reads does not re-fire the callback for what is
            // already buffered: process it now.
            processInput()
        }
    }

    func event(_ what: Int16) {
        if what & Int16(BEV_EVENT_EOF) != 0 && what & Int16(BEV_EVENT_ERROR) == 0 {
            peerDone = true
            if let bev { bufferevent_disable(bev, Int16(EV_READ)) }
            if !paused && !closing {
                processInput()
            }
            return
        }
        // A reset or other error: nothing more can be delivered.
        destroy()
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
        if outputLength <= server.state.config.limits.maxOutputBytes,
           let line = Dispatcher.autoplayPush(session: timer.session, connection: &state) {
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
        guard let bev else { return }
        if !closing {
            closing = true
            cancelTimers()
            bufferevent_disable(bev, Int16(EV_READ))
            // Wake the writer at every flush so the end is noticed.
            bufferevent_setwatermark(bev, Int16(EV_WRITE), 0, 0)
        }
        if outputLength == 0 { destroy() }
    }

    /// Shutdown: answer every complete line already read, drop a partial
    /// last one, stop autoplay, then close once flushed.
    func shutDown() {
        guard bev != nil, !closing else { return }
        cancelTimers()
        if !state.finished { processInput(ignoringBacklog: true) }
        closeWhenFlushed()
    }

    /// Frees everything now.
    func destroy() {
        guard let bev else { return }
        cancelTimers()
        self.bev = nil
        bufferevent_free(bev)
        server.connectionClosed(self)
    }
}

private func connection(_ context: UnsafeMutableRawPointer?) -> Connection {
    Unmanaged<Connection>.fromOpaque(context!).takeUnretainedValue()
}

private func connectionReadable(_: OpaquePointer?, _ context: UnsafeMutableRawPointer?) {
    let c = connection(context)
    withExtendedLifetime(c) { c.readable() }
}

private func connectionWritable(_: OpaquePointer?, _ context: UnsafeMutableRawPointer?) {
    let c = connection(context)
    withExtendedLifetime(c) { c.writable() }
}

private func connectionEvent(_: OpaquePointer?, _ what: Int16, _ context: UnsafeMutableRawPointer?) {
    let c = connection(context)
    withExtendedLifetime(c) { c.event(what) }
}
