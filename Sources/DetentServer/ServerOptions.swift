import DetentCore

/// What one daemon serves and where.
public struct ServerOptions: Sendable {
    /// The socket file to bind.
    public var socketPath: String
    /// The config in force at start.
    public var config: Config
    /// The file SIGHUP reloads; nil when serving the embedded copy.
    public var configPath: String?
    /// Files SIGHUP looks for before `configPath`, in order (the user
    /// daemon's search, so a config the user adds later is found).
    public var configSearch: [String] = []
    /// A user's own daemon: every config it loads is `ownedBy` this uid.
    public var owner: UInt32?
    /// Install SIGINT/SIGTERM/SIGHUP handlers (the daemon does; in-process
    /// tests do not, signals being process-wide).
    public var handleSignals: Bool
    /// Seconds a stopping daemon waits for slow readers before closing anyway.
    public var shutdownGrace: Double
    /// A listening socket handed over by systemd (socket activation): used
    /// instead of binding `socketPath`, and never unlinked.
    public var listenDescriptor: Int32?
    /// systemd's readiness protocol, when run under it.
    public var notifier: SystemdNotifier?
    /// `WATCHDOG_USEC`: ping systemd every half of it.
    public var watchdogMicroseconds: UInt64?

    public init(socketPath: String, config: Config, configPath: String? = nil,
                handleSignals: Bool = false, shutdownGrace: Double = 5) {
        self.socketPath = socketPath
        self.config = config
        self.configPath = configPath
        self.handleSignals = handleSignals
        self.shutdownGrace = shutdownGrace
    }
}
