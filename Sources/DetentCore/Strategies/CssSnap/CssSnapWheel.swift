/// Wheel notches on a Chromium snap strip (cc/input/input_handler.cc,
/// `CreateSnapStrategy`, `SnapAtScrollEnd`, `ScrollAnimationUpdateTarget`),
/// as Tests/CssSnap/FACTS.md states them: a notch is an animated scroll by
/// its delta (kInverseDelta, ease-in-out), clamped to `[0, max]`; one
/// during a running animation (its own or the snap's) adds its delta to
/// that animation's target (a retarget that keeps the velocity); when the
/// wheel's animation ends, the snap: Direction from its end in the last
/// notch's direction, with fractional offsets (it ignores snap-stop). A
/// notch that clamps to no movement animates nothing and snaps nothing.
/// Pure: the caller feeds notches with their times and reads the path.
public struct CssSnapWheel: Sendable {
    public let points: CssSnapPoints
    /// From a lone notch's end to its snap's start, ms: cc snaps at the
    /// first frame after the notch ends, that animation also starting a
    /// frame in, so 11 frames into the notch's clock, 8.7 before its end
    /// (the 32 single notches of FACTS.md: 8 to 11). After a retarget, 0.
    public var snapGap: Double
    /// What cc takes off a notch's durations for the input's own delay:
    /// 8 (FACTS.md: a notch's 200 ms measured 192 +- 4).
    public var delayedBy: Double
    /// How far into its clock a new notch's animation is at its event, ms:
    /// cc starts a scroll animation one frame in (`animation_start_offset`,
    /// LayerTreeHostImpl::ScrollAnimationCreate) at the frame after the
    /// event: half a frame on average. Measured -6 +- 5.5 ms on the 98 first
    /// notches (FACTS.md). A notch that retargets counts from its own time.
    public var lead: Double
    /// The path so far, in order; the first starts at `start`.
    public private(set) var segments: [CssSnapSegment] = []
    public let start: Double
    var target: Double? = nil
    var sign: Double = 0
    /// The wheel's animation awaits its snap.
    var pending = false

    /// The scroll range, `[0, max]`.
    public let range: ClosedRange<Double>

    /// `max`: the largest scroll offset (nil: the last point).
    public init(points: CssSnapPoints, start: Double, max: Double? = nil, snapGap: Double = 8 - 50.0 / 3, delayedBy: Double = 8,
                lead: Double = 25.0 / 3) {
        self.points = points
        self.range = 0...Swift.max(max ?? points.points.last!, 0)
        self.start = start
        self.snapGap = snapGap
        self.delayedBy = delayedBy
        self.lead = lead
    }

    func clamped(_ x: Double) -> Double { min(max(x, range.lowerBound), range.upperBound) }

    func notchMs(_ d: Double) -> Double {
        max(CssSnapDuration.inverseDelta(d, delayedBy: delayedBy), 1)
    }

    /// A notch of `dx` px at `t` ms. Returns whether it moved anything.
    @discardableResult
    public mutating func notch(at t: Double, dx: Double) -> Bool {
        guard dx != 0, dx.isFinite, t.isFinite else { return false }
        // A lone notch's snap is decided when its animation ends counted
        // from the event (the frame cc snaps at), though drawn earlier:
        // until then a notch retargets the notch.
        let grace = pending && segments.count == 1 ? lead : 0
        if pending, let last = segments.last, t >= last.end + grace {
            addSnap()
        }
        if let current = segments.last, t < current.end + (pending ? grace : 0) {
            let goal = clamped(current.to + dx)
            if let next = current.retargeted(at: t, to: goal, duration: notchMs) {
                segments.append(next)
            }
            target = goal
        } else {
            let base = segments.last?.to ?? start
            let goal = clamped(base + dx)
            if goal == base { return false }
            // Its clock started before the event: the reply's path begins before 0.
            segments.append(CssSnapSegment(from: base, to: goal, start: t - lead, duration: notchMs(dx), curve: .easeInOut))
            target = goal
        }
        sign = dx > 0 ? 1 : -1
        pending = true
        return true
    }

    /// No more notches: the snap after the last animation, if it awaits one.
    public mutating func finish() {
        if pending { addSnap() }
    }

    mutating func addSnap() {
        pending = false
        guard let from = target, let last = segments.last else { return }
        let snap = points.select(.direction(step: sign), from: from, fractional: true)
        if snap != from {
            segments.append(CssSnapSegment(from: from, to: snap, start: last.end + (segments.count == 1 ? snapGap : 0),
                                           duration: CssSnapDuration.inverseDelta(snap - from), curve: .easeInOut))
        }
    }

    /// Where the path comes to rest (call `finish` first).
    public var rest: Double { segments.last?.to ?? start }

    /// The offset at `t` along the path: the last segment started by then,
    /// cut where the next one starts.
    public func position(at t: Double) -> Double {
        guard let current = segments.last(where: { $0.start <= t }) else { return start }
        return current.position(at: t)
    }
}
