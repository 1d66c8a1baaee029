/// Where a `step` goes (detent-protocol(7)).
public enum StepTarget: String, Sendable, CaseIterable {
    case next, prev, first, last
}

/// `step` (detent-protocol(7); docs/strategies.md, "Steps"): the keyboard's
/// paging, as the strategy means a step.
extension Session {
    /// One step `to`; `x`, where the client draws the content now; `t`, the
    /// key's time (a motion still under way then steps from its target).
    public mutating func step(_ to: StepTarget, x: Double?, t: Double?) -> WheelAnswer {
        // A finger or a touchpad holds the content.
        guard !fingerDown, !scrollGestureUnderWay else { return .kept(index: lastIndex) }
        var now = t.map { view(at: $0, x: x) } ?? ScrollView(layout: layout, resting: resting, drawn: x ?? drawnAt)
        // Without t, an x nearer a loop's duplicate than its real snap is
        // drawn before the jump: count it from the real snap, a period on.
        if t == nil, let x, snaps.isDuplicate(target), abs(x - snaps.offsets[target]) < abs(x - restingOffset) {
            now.drawn = x + restingOffset - snaps.offsets[target]
        }
        if let own = plugin.strategy.programmatic(.step(to), view: now) {
            return programmatic(own, now: now, cause: .step, t: t)
        }
        let from = origin(&now)
        let k: Int
        switch to {
        case .next: k = from + 1
        case .prev: k = from - 1
        case .first: k = plugin.strategy.snap(showing: 0, in: layout)
        case .last: k = plugin.strategy.snap(showing: layout.geometry.itemCount - 1, in: layout)
        }
        // A loop steps around (its duplicates, then the jump); others stop.
        guard snaps.loopCount != nil || (k >= 0 && k < snaps.count) else { return .kept(index: lastIndex) }
        // Already there, or on its way there: nothing changes.
        guard k != from else { return .kept(index: lastIndex) }
        drawnAt = now.drawn
        return .decision(settle(.snap(k, .animate), cause: .step, v: 0, t: t))
    }
}
