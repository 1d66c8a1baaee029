/// Keys, `scrollBy` and a precise wheel on a Chromium snap strip, as
/// Tests/CssSnap/FACTS.md states them. Keys and `scrollBy` are programmatic
/// scrolls (third_party/blink's `ScrollableArea::SnapForDirection`,
/// `Element::scrollBy`, `ProgrammaticScrollAnimator::AnimateToOffset`):
/// each makes a new segment from the current offset, no velocity kept,
/// along `cubic-bezier(0.4, 0, 0, 1)` over sqrt(d) frames. A precise
/// wheel jumps by its delta, then EndPosition's ease-in-out snap back.
public enum CssSnapProgrammatic {
    /// A key's line step, px (ArrowLeft/Right).
    public static let lineStep = 40.0

    /// The segment to `target` from `current` at `t`; nil when there is
    /// nothing to move, or when `running` already goes there (a key whose
    /// snap is the running animation's target changes nothing).
    public static func segment(to target: Double, from current: Double, at t: Double,
                               running: CssSnapSegment? = nil, delayedBy: Double = 0) -> CssSnapSegment? {
        if let running, t < running.end, running.to == target { return nil }
        if target == current { return nil }
        return CssSnapSegment(from: current, to: target, start: t,
                              duration: CssSnapDuration.deltaBased(target - current, delayedBy: delayedBy),
                              curve: .programmatic)
    }

    /// ArrowRight (`forward`) or ArrowLeft: Direction from the main
    /// thread's position (whole pixels) by one line step.
    public static func key(forward: Bool, from current: Double, in points: CssSnapPoints) -> Double {
        points.select(.direction(step: forward ? lineStep : -lineStep), from: current, fractional: false)
    }

    /// `scrollBy(d, smooth)`: EndAndDirection from `scrollLeft` when called
    /// (not a running animation's target); respects snap-stop.
    public static func scrollBy(_ d: Double, from current: Double, in points: CssSnapPoints) -> Double {
        if d == 0 { return current }
        return points.select(.endAndDirection(displacement: d), from: current, fractional: false)
    }

    /// A precise wheel of `dx` that moved the content from `current` to
    /// the clamped `current + dx` at `t`: the snap back (EndPosition) over
    /// kInverseDelta, ease-in-out; nil when it lands on a point.
    public static func preciseWheel(_ dx: Double, from current: Double, at t: Double,
                                    in points: CssSnapPoints, max top: Double) -> CssSnapSegment? {
        let landed = min(max(current + dx, 0), top)
        let snap = points.select(.endPosition, from: landed, fractional: true)
        if snap == landed { return nil }
        return CssSnapSegment(from: landed, to: snap, start: t,
                              duration: CssSnapDuration.inverseDelta(snap - landed), curve: .easeInOut)
    }
}
