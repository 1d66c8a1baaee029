// The wheel and the touchpad (detent-protocol(7), `wheel` and `scroll`;
// docs/strategies.md, "The wheel and the touchpad"): the events as a
// strategy sees them, the view of the session they act on, and the rule a
// strategy with its own engine (`adwaita`, `qt-swipeview`) follows.

/// What made a wheel event, as the toolkit says.
public enum WheelSource: String, Sendable, CaseIterable {
    case mouse, other
}

/// A touchpad event's place in its gesture; nil is an update.
public enum ScrollPhase: String, Sendable, CaseIterable {
    case begin, end
}

/// One wheel or touchpad event: deltas positive where the offset grows
/// (a wheel's in notches, a touchpad's in points) and its time, ms.
public struct ScrollInput: Sendable, Equatable {
    public var dx: Double
    public var dy: Double
    public var t: Double
    public var source: WheelSource

    public init(dx: Double, dy: Double, t: Double, source: WheelSource = .mouse) {
        self.dx = dx
        self.dy = dy
        self.t = t
        self.source = source
    }

    /// The delta along `axis`; the other axis only for a mouse whose own
    /// gave nothing (most mice have one wheel), as libadwaita reads it.
    public func wheelDelta(along axis: Axis) -> Double {
        let (own, other) = axis == .x ? (dx, dy) : (dy, dx)
        return own == 0 && source == .mouse ? other : own
    }

    /// A touchpad's delta along `axis`: the other axis never counts.
    public func delta(along axis: Axis) -> Double { axis == .x ? dx : dy }
}

/// The session as a wheel or touchpad event finds it.
public struct ScrollView: Sendable {
    public var layout: Layout
    /// `k0`: the snap of the last decision.
    public var resting: Int
    /// Where the content is drawn at the event's time.
    public var drawn: Double
    /// The last decision's motion and how far into it the event comes, ms;
    /// nil when the content is at rest.
    public var motion: Motion?
    public var elapsed: Double?
    /// Put on its page without moving (`Session.placed`).
    public var placed: Bool

    public init(layout: Layout, resting: Int, drawn: Double, motion: Motion? = nil, elapsed: Double? = nil, placed: Bool = false) {
        self.layout = layout
        self.resting = resting
        self.drawn = drawn
        self.motion = motion
        self.elapsed = elapsed
        self.placed = placed
    }
}

/// A strategy's own wheel and touchpad (`Strategy.scrollFollower`), for an
/// engine whose rules are not the generic ones: made once per layout and
/// kept between events, since its locks and samples outlive a gesture.
public protocol ScrollFollower: Sendable {
    /// A wheel event: a decision, or nil for `kept`.
    mutating func wheel(_ event: ScrollInput, view: ScrollView) -> FollowedRelease?
    /// `phase=begin`: where the content is drawn.
    mutating func scrollBegin(_ event: ScrollInput, view: ScrollView) -> Double
    /// An update: where the content is drawn.
    mutating func scrollUpdate(_ event: ScrollInput, view: ScrollView) -> Double
    /// `phase=end` (its deltas are not applied): the decision, or nil
    /// (`kept`) when the engine refused the gesture.
    mutating func scrollEnd(_ event: ScrollInput, view: ScrollView) -> FollowedRelease?
    /// A drag began (`begin`/`move`): what the engine forgets then.
    mutating func pressed()
}

extension ScrollFollower {
    public mutating func pressed() {}
}

/// The session's wheel and touchpad state: the gesture under way, the
/// generic rule's lock and partial notches, and the times it checks.
struct ScrollState: Sendable {
    enum Gesture: Equatable { case none, begun, updating, ended }

    var gesture = Gesture.none
    /// The touchpad's raw offset, as a finger's `x` (generic rule).
    var x = 0.0
    /// The newest `t` of a wheel or scroll event: times may not run back.
    var lastT: Double?
    /// The generic wheel: notches not yet stepped, and the last step's time.
    var notches = 0.0
    var lastStep: Double?
    /// The last `phase=begin`'s or `phase=end`'s answer, for the doubled
    /// phases Qt delivers.
    var lastPhase: ScrollAnswer?
    /// The strategy's own rule, when it has one.
    var follower: (any ScrollFollower)?
    var askedForFollower = false
}
