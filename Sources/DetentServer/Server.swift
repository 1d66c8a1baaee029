#if canImport(Glibc)
import Glibc
#endif
import CLibevent
import DetentPOSIX
import DetentCore
import Logging

/// The daemon's event loop: one libevent `event_base`, a listener on the Unix
/// socket, a `Connection` per client, signals and timers. Thin by design: it
/// moves bytes and calls DetentCore.
///
/// `init` binds the socket (so a client may connect as soon as it returns);
/// `run` serves until `stop` (any thread) or SIGINT/SIGTERM.
public final class Server: @unchecked Sendable {
    /// The socket served: the bound path, or the one systemd passed.
    public let socketPath: String
    let logger: Logger
    let state: ServerState
    let options: ServerOptions
    private(set) var base: OpaquePointer?
    private(set) var listener: OpaquePointer?
    private var bound: UnixSocket.Bound?
    private var connections: [ObjectIdentifier: Connection] = [:]
    private let stopSwitch = StopSwitch()
    private(set) var acceptRetry: OpaquePointer?
    /// Whether to accept, out of descriptors (Server+Accepting).
    var gate = AcceptGate(spareHeld: false)
    /// The descriptor given up to refuse a client beyond RLIMIT_NOFILE.
    var spareDescriptor: Int32 = -1
    private var graceTimer: OpaquePointer?
    private var watchdog: OpaquePointer?
    private var signalEvents: [OpaquePointer] = []
    /// Refused connections being drained before they close (Server+Peers).
    var refusals = RefusalLinger()
    /// The one buffer every connection reads into (the loop is one thread):
    /// a read takes at most a line's limit, and what is left of a line is
    /// kept by its connection.
    private var scratchBuffer = UnsafeMutablePointer<UInt8>.allocate(capacity: 4097)
    private var scratchSize = 4097
    private(set) var stopping = false
    /// When each limit was last logged (`noteLimitHit`).
    var lastLimitLog: [String: Double] = [:]
    private let started = MonotonicClock.seconds()

    /// Binds `options.socketPath` and prepares the loop.
    public init(options: ServerOptions, logger: Logger) throws(ServerError) {
        signal(SIGPIPE, SIG_IGN)
        self.options = options
        self.socketPath = options.listenDescriptor.map(SocketActivation.boundPath) ?? options.socketPath
        self.logger = logger
        state = ServerState(config: options.config)
        let started = self.started
        state.uptime = { Int(MonotonicClock.seconds() - started) }
        guard let base = event_base_new() else { throw ServerError(.system, "event_base_new failed") }
        self.base = base
        do {
            try setUp(base)
        } catch {
            tearDown()
            throw error
        }
    }

    private func setUp(_ base: OpaquePointer) throws(ServerError) {
        let context = Unmanaged.passUnretained(self).toOpaque()
        stopSwitch.arm(base: base, callback: stopRequested, context: context)
        acceptRetry = detent_evtimer_new(base, acceptResume, context)
        gate = AcceptGate(spareHeld: openSpare())
        let fd: Int32
        if let passed = options.listenDescriptor {
            fd = passed  // systemd's: not ours to unlink
        } else {
            let bound = try UnixSocket.listen(at: options.socketPath, mode: options.config.socketMode)
            self.bound = bound
            fd = bound.fd
        }
        let flags = LEV_OPT_CLOSE_ON_FREE | LEV_OPT_CLOSE_ON_EXEC
        guard let listener = evconnlistener_new(base, accepted, context, UInt32(flags), -1, fd) else {
            close(fd)
            throw ServerError(.system, "evconnlistener_new failed on \(socketPath)")
        }
        self.listener = listener
        evconnlistener_set_error_cb(listener, acceptFailed)
        if let usec = options.watchdogMicroseconds, options.notifier != nil {
            watchdog = event_new(base, -1, Int16(EV_PERSIST), watchdogDue, context)
            var period = timeval(tv_sec: Int(usec / 2 / 1_000_000), tv_usec: Int(usec / 2 % 1_000_000))
            if let watchdog { event_add(watchdog, &period) }
        }
        if options.handleSignals {
            // A parent may hand down a blocked mask (test runners, some
            // supervisors): unblock the signals this daemon answers.
            var set = sigset_t()
            sigemptyset(&set)
            for signal in [SIGINT, SIGTERM, SIGHUP] { sigaddset(&set, signal) }
            pthread_sigmask(SIG_UNBLOCK, &set, nil)
            for signal in [SIGINT, SIGTERM, SIGHUP] {
                if let event = detent_evsignal_new(base, signal, signalReceived, context) {
                    event_add(event, nil)
                    signalEvents.append(event)
                }
            }
        }
    }

    /// Serves until stopped; then closes everything and removes the socket file.
    public func run() {
        guard let base else { return }
        let how = options.listenDescriptor == nil ? "listening on" : "listening on (passed by systemd)"
        logger.info("\(how) \(socketPath)", metadata: [
            "plugins": "\(state.config.pluginNames.joined(separator: ","))",
            "default": "\(state.config.defaultPlugin)",
        ])
        options.notifier?.notify("READY=1\nSTATUS=\(status)")
        event_base_dispatch(base)
        tearDown()
        logger.info("stopped")
    }

    /// The scratch buffer, grown to at least `size` bytes.
    func scratch(_ size: Int) -> UnsafeMutablePointer<UInt8> {
        if size > scratchSize {
            scratchBuffer.deallocate()
            scratchBuffer = .allocate(capacity: size)
            scratchSize = size
        }
        return scratchBuffer
    }

    deinit { scratchBuffer.deallocate() }

    /// The one-line status `systemctl status` shows: where, and what is offered.
    var status: String {
        let names = state.config.pluginNames
        let shown = names.prefix(16).joined(separator: ", ") + (names.count > 16 ? " and \(names.count - 16) more" : "")
        return "Serving on \(socketPath): plugins \(shown)"
    }

    func watchdogPing() {
        options.notifier?.notify("WATCHDOG=1")
    }

    func stopFlipped() {
        stopSwitch.reset()
        beginShutdown()
    }

    /// Asks the loop to stop gracefully; safe from any thread.
    public func stop() {
        stopSwitch.flip()
    }

    // MARK: - Connections

    func connectionClosed(_ connection: Connection) {
        guard connections.removeValue(forKey: ObjectIdentifier(connection)) != nil else { return }
        state.connections -= 1
        state.sessions -= connection.state.sessions.count
        descriptorFreed()
        if stopping, connections.isEmpty, let base { event_base_loopexit(base, nil) }
    }

    /// A new client's `Connection`, counted and started.
    func serve(_ fd: Int32, base: OpaquePointer) {
        let connection = Connection(server: self, fd: fd)
        connections[ObjectIdentifier(connection)] = connection
        state.connections += 1
        connection.start(base: base)
    }

    // MARK: - Signals

    func signalled(_ number: Int32) {
        switch number {
        case SIGHUP: reload()
        default:
            logger.info("signal \(number == SIGINT ? "SIGINT" : "SIGTERM"): stopping")
            beginShutdown()
        }
    }

    /// Stops accepting, answers what was read, flushes and closes every
    /// client, then leaves the loop (after `shutdownGrace` at most).
    func beginShutdown() {
        guard !stopping, let base else { return }
        stopping = true
        options.notifier?.notify("STOPPING=1\nSTATUS=Stopping")
        if let listener {
            evconnlistener_free(listener)
            self.listener = nil
        }
        removeSocketFile()
        for event in signalEvents where event_get_fd(event) == SIGHUP { event_del(event) }
        for connection in Array(connections.values) { connection.shutDown() }
        if connections.isEmpty {
            event_base_loopexit(base, nil)
            return
        }
        let context = Unmanaged.passUnretained(self).toOpaque()
        graceTimer = detent_evtimer_new(base, graceOver, context)
        if let graceTimer { detent_evtimer_add_ms(graceTimer, Int(options.shutdownGrace * 1000)) }
    }

    func graceExpired() {
        logger.warning("\(connections.count) client(s) did not read their replies in time; closing anyway")
        for connection in Array(connections.values) { connection.destroy() }
        if let base { event_base_loopexit(base, nil) }
    }

    // MARK: - Teardown

    private func removeSocketFile() {
        if let bound {
            UnixSocket.remove(options.socketPath, ifStill: bound)
            self.bound = nil
        }
    }

    private func tearDown() {
        for connection in Array(connections.values) { connection.destroy() }
        for fd in refusals.closeAll() { close(fd) }
        if spareDescriptor >= 0 { close(spareDescriptor) }
        spareDescriptor = -1
        if let listener { evconnlistener_free(listener) }
        listener = nil
        removeSocketFile()
        for event in signalEvents { event_free(event) }
        signalEvents = []
        stopSwitch.disarm()
        for event in [acceptRetry, graceTimer, watchdog].compactMap({ $0 }) { event_free(event) }
        watchdog = nil
        acceptRetry = nil
        graceTimer = nil
        if let base { event_base_free(base) }
        base = nil
    }
}

private func server(_ context: UnsafeMutableRawPointer?) -> Server {
    Unmanaged<Server>.fromOpaque(context!).takeUnretainedValue()
}

private func accepted(_: OpaquePointer?, _ fd: Int32, _: UnsafeMutablePointer<sockaddr>?, _: Int32,
                      _ context: UnsafeMutableRawPointer?) {
    server(context).accept(fd)
}

private func acceptFailed(_: OpaquePointer?, _ context: UnsafeMutableRawPointer?) {
    server(context).acceptError()
}

private func acceptResume(_: Int32, _: Int16, _ context: UnsafeMutableRawPointer?) {
    server(context).retryDue()
}

private func stopRequested(_: Int32, _: Int16, _ context: UnsafeMutableRawPointer?) {
    let server = server(context)
    server.stopFlipped()
}

private func signalReceived(_ number: Int32, _: Int16, _ context: UnsafeMutableRawPointer?) {
    server(context).signalled(number)
}

private func watchdogDue(_: Int32, _: Int16, _ context: UnsafeMutableRawPointer?) {
    server(context).watchdogPing()
}

private func graceOver(_: Int32, _: Int16, _ context: UnsafeMutableRawPointer?) {
    server(context).graceExpired()
}
