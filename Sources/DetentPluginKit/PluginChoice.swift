/// A strategy's decision: the snap to rest on and how to get there.
public struct PluginChoice: Equatable {
    /// How the client moves there (detent-protocol(7)).
    public enum Mode: Int32 {
        /// Stop the momentum and animate.
        case animate = 0
        /// Keep the momentum and retarget it.
        case decelerate = 1
    }

    /// A snap in `0 ..< release.snaps.count`.
    public var snap: Int
    public var mode: Mode

    public init(snap: Int, mode: Mode) {
        self.snap = snap
        self.mode = mode
    }
}
