/// What every connection of one daemon shares: the config in force and the
/// counters `stats` reports. Used from the event loop's thread only.
public final class ServerState {
    /// Replaced by a reload; open sessions keep their own plugin. Read on
    /// every line and written only by a reload between lines, so not
    /// checked for exclusive access at run time.
    @exclusivity(unchecked) public var config: Config
    /// Open connections, refused ones excluded.
    public var connections = 0
    /// Open sessions on all connections.
    public var sessions = 0
    /// Request lines answered since start, over-long ones included.
    public var requests: Int {
        get { counts.pointee.requests }
        set { counts.pointee.requests = newValue }
    }
    /// Error replies sent since start.
    public var errors: Int {
        get { counts.pointee.errors }
        set { counts.pointee.errors = newValue }
    }

    /// The per-line counters, behind a pointer held in a `let`: counting a
    /// line is then a plain add, not an exclusivity-checked access to a
    /// class property (measured on the line path).
    private struct Counts {
        var requests = 0
        var errors = 0
    }

    private let counts: UnsafeMutablePointer<Counts> = {
        let pointer = UnsafeMutablePointer<Counts>.allocate(capacity: 1)
        pointer.initialize(to: Counts())
        return pointer
    }()

    deinit { counts.deallocate() }
    /// Whole seconds since start, supplied by the server (the core keeps no clock).
    public var uptime: () -> Int = { 0 }

    public init(config: Config) {
        self.config = config
    }
}
