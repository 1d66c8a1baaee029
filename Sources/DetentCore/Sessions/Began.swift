/// The reply to `begin`: the resting item the gesture starts from.
public struct Began: Sendable, Equatable {
    public var index: Int
    /// `O[k0]` after the re-grab rule.
    public var x: Double
    /// For loops, when the finger landed on a duplicate: the real item's
    /// offset, to set without animation before the drag goes on.
    public var jump: Double?

    public init(index: Int, x: Double, jump: Double? = nil) {
        self.index = index
        self.x = x
        self.jump = jump
    }
}
