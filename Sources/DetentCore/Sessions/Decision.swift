// The decision's types, which change together: what a strategy sees of a
// release, what it chooses, and what the session answers (detent-protocol(7),
// "Decisions"). `Mode` and `Cause` name the values of the reply's `mode` and
// `cause` fields, which protocol/detent-protocol.json lists (a test holds them
// to it).

/// Where the collection comes to rest: the body of a `snap` line.
public struct Decision: Sendable, Equatable {
    public var index: Int
    public var x: Double
    public var mode: Mode
    public var cause: Cause
    /// The page, for page strategies.
    public var page: Int?
    /// For loops: the equivalent offset to set without animation afterwards.
    public var jump: Double?
    /// How to move there from where the content is drawn now.
    public var motion: Motion

    public init(index: Int, x: Double, mode: Mode, cause: Cause, page: Int? = nil, jump: Double? = nil, motion: Motion) {
        self.index = index
        self.x = x
        self.mode = mode
        self.cause = cause
        self.page = page
        self.jump = jump
        self.motion = motion
    }
}

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

/// What a strategy decides: a snap, or (proximity snapping) a free offset.
public enum Choice: Sendable, Equatable {
    /// Rest on snap `k`; the session clamps it into `0...m-1`.
    case snap(Int, Mode)
    /// Rest at an offset that is not a snap.
    case free(Double, Mode)
}

/// How the client moves to a decision (detent-protocol(7), "Decisions").
public enum Mode: String, Sendable, CaseIterable {
    /// Stop the momentum and animate to the offset.
    case animate
    /// Keep the momentum and retarget it.
    case decelerate

    /// The wire spelling, as bytes known when compiling.
    var wireName: StaticString {
        switch self {
        case .animate: "animate"
        case .decelerate: "decelerate"
        }
    }
}

/// What led to a decision.
public enum Cause: String, Sendable, CaseIterable {
    case release, cancel, goto, autoplay, wheel, scroll, step, scrollby

    /// The wire spelling, as bytes known when compiling.
    var wireName: StaticString {
        switch self {
        case .release: "release"
        case .cancel: "cancel"
        case .goto: "goto"
        case .autoplay: "autoplay"
        case .wheel: "wheel"
        case .scroll: "scroll"
        case .step: "step"
        case .scrollby: "scrollby"
        }
    }
}
