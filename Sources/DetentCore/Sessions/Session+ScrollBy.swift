/// A programmatic scroll by a displacement (detent-protocol(7), `scrollby`;
/// docs/strategies.md, "Programmatic scrolls"): the snap nearest `x + by`
/// among those that lie in `by`'s direction from where the content is, with
/// the motion `goto` would draw. A strategy with its engine's own rule
/// answers it itself.
extension Session {
    /// `scrollby by=D`; `x`, where the client draws the content now; `t`,
    /// the call's time (a motion under way then counts from where it is).
    public mutating func scrollBy(_ by: Double, x: Double?, t: Double?) -> WheelAnswer {
        // A finger or a touchpad holds the content.
        guard !fingerDown, !scrollGestureUnderWay else { return .kept(index: lastIndex) }
        let now = t.map { view(at: $0, x: x) } ?? ScrollView(layout: layout, resting: resting, drawn: x ?? drawnAt)
        if let own = plugin.strategy.programmatic(.by(by), view: now) {
            return programmatic(own, now: now, cause: .scrollby, t: t)
        }
        guard let k = Self.scrollByTarget(snaps.offsets, from: now.drawn, by: by) else { return .kept(index: lastIndex) }
        drawnAt = now.drawn
        return .decision(settle(.snap(k, .animate), cause: .scrollby, v: 0, t: t))
    }

    /// A strategy's own step or scrollby: kept when it goes nowhere, where
    /// the content already is, or to what a motion under way ends on
    /// (Chromium's keys and `scrollBy`).
    mutating func programmatic(_ own: ProgrammaticTarget, now: ScrollView, cause: Cause, t: Double?) -> WheelAnswer {
        let k: Int, planned: Motion?
        switch own {
        case .kept: return .kept(index: lastIndex)
        case .snap(let i): k = i; planned = nil
        case .drawn(let i, let motion): k = i; planned = motion
        }
        guard k >= 0, k < snaps.count, snaps.offsets[k] != now.drawn,
              !(now.motion != nil && k == target) else { return .kept(index: lastIndex) }
        drawnAt = now.drawn
        return .decision(settle(.snap(k, .animate), cause: cause, v: 0, planned: planned, t: t))
    }

    /// The index of the offset nearest `from + by` among those beyond
    /// `from` (by more than `Tolerance.length`) in `by`'s sign; nil when
    /// `by` is 0 or none lies that way. A tie takes the nearer to `from`.
    static func scrollByTarget(_ offsets: [Double], from: Double, by: Double) -> Int? {
        guard by != 0, by.isFinite else { return nil }
        let goal = from + by
        var best: Int?
        for (i, p) in offsets.enumerated() where by > 0 ? p > from + Tolerance.length : p < from - Tolerance.length {
            guard let b = best else { best = i; continue }
            let d = abs(p - goal), db = abs(offsets[b] - goal)
            if d < db || (d == db && abs(p - from) < abs(offsets[b] - from)) { best = i }
        }
        return best
    }
}
