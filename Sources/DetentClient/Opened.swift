/// The reply to `open` and `layout`.
public struct Opened: Sendable, Equatable {
    public var session: String
    public var plugin: String
    /// The resting item and its offset.
    public var index: Int
    public var x: Double
    /// How many snaps the geometry has.
    public var snaps: Int
    /// With `contain=pad`: the trailing space to add.
    public var pad: Double?
    /// For loops: duplicates at each end.
    public var dup: Int?

    public init(session: String, plugin: String, index: Int, x: Double, snaps: Int, pad: Double? = nil, dup: Int? = nil) {
        self.session = session
        self.plugin = plugin
        self.index = index
        self.x = x
        self.snaps = snaps
        self.pad = pad
        self.dup = dup
    }
}
