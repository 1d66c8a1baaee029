/// The drag as a strategy follows it itself (`Strategy.dragFollower`), for
/// a toolkit whose engine draws the drag and decides with what it drew:
/// libadwaita's swipe tracker lags the finger, holds the content between
/// pages and keeps its own velocity. The session hands it the press, each
/// move and the release, and draws and decides as it says.
public protocol DragFollower: Sendable {
    /// `begin`: the press, with the content drawn at `x`.
    mutating func press(x: Double, t: Double?)
    /// `move`: where the content is drawn now.
    mutating func move(x: Double, t: Double?) -> Double
    /// `end`: where it comes to rest and how it starts moving there.
    mutating func release(x: Double, v: Double?, t: Double?) -> FollowedRelease
}

/// A followed drag's release: the choice, where the content is drawn as
/// its motion starts, and the velocity it starts with.
public struct FollowedRelease: Sendable, Equatable {
    public var choice: Choice
    /// The motion's `from`: where the engine drew the content last.
    public var from: Double
    /// The motion's `v`, pt/ms, as the reply carries it.
    public var v: Double
    /// The release velocity the engine read, pt/ms (`Release.v`).
    public var velocity: Double
    /// The engine's own motion for this release; nil: the strategy's
    /// `motion` (or the session's) plans it.
    public var motion: Motion?

    public init(choice: Choice, from: Double, v: Double, velocity: Double, motion: Motion? = nil) {
        self.choice = choice
        self.from = from
        self.v = v
        self.velocity = velocity
        self.motion = motion
    }
}
