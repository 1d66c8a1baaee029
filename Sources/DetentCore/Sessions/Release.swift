/// A finger leaving the screen, as a strategy sees it.
public struct Release: Sendable, Equatable {
    /// Where the finger left the content offset.
    public var x: Double
    /// The velocity in pt/ms (sent, estimated, or 0).
    public var v: Double
    /// `T`: the projected resting offset, already clamped into the ends.
    public var target: Double

    public init(x: Double, v: Double, target: Double) {
        self.x = x
        self.v = v
        self.target = target
    }
}
