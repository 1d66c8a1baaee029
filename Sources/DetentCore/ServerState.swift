/// What every connection of one daemon shares: the config in force and the
/// counters `stats` reports. Used from the event loop's thread only.
public final class ServerState {
    /// Replaced by a reload; open sessions keep their own plugin.
    public var config: Config
    /// Open connections, refused ones excluded.
    public var connections = 0
    /// Open sessions on all connections.
    public var sessions = 0
    /// Request lines answered since start, over-long ones included.
    public var requests = 0
    /// Error replies sent since start.
    public var errors = 0
    /// Whole seconds since start, supplied by the server (the core keeps no clock).
    public var uptime: () -> Int = { 0 }

    public init(config: Config) {
        self.config = config
    }
}
