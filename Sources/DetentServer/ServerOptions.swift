import DetentCore

/// What one daemon serves and where.
public struct ServerOptions: Sendable {
    /// The socket file to bind.
    public var socketPath: String
    /// The config in force at start.
    public var config: Config
    /// The file SIGHUP reloads; nil when serving the embedded copy.
    public var configPath: String?
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
