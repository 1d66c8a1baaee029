extension QtSwipe {
    /// `_q_MinimumFlickVelocity`, px/s: a flick is faster (strictly).
    static let minFlickVelocity = 75.0
    /// `FlickStartDistance`: and the release's |d| over it (strictly).
    static let flickStartDistance = 15.0
    /// A release this long after the last move does not flick.
    static let velocityDecayMs = 100.0
    /// `flickDeceleration`, px/s².
    static let deceleration = 1500.0
    /// `QML_FLICK_SNAPONETHRESHOLD`: a slow release's nudge, px.
    static let nudge = 30.0
    /// The fixup's InOutQuad, ms (`fixupDuration / 2`).
    static let fixupMs = 200

    /// Rules 3 to 7: the samples' mean, a flick (a page half a page and a
    /// pixel ahead, a uniform deceleration then the fixup's ease) or the
    /// fixup (the page under the content, nudged), or no change.
    mutating func release(x: Double, v: Double?, t: Double?) -> FollowedRelease {
        let c = drawn
        let d = pressX - x
        if d.isFinite { track(d, t ?? previousT) }
        let mean = samples.isEmpty ? 0 : samples.reduce(0, +) / Double(samples.count)
        var hv: Double
        if let v {
            hv = -v * 1000
        } else if let t, t - lastMoveT < Self.velocityDecayMs, mean != 0 {
            hv = mean
        } else if t == nil, mean != 0 {
            hv = mean
        } else {
            hv = 0
        }
        if (c <= 0 && hv > 0) || (c >= maxOffset && hv < 0) { hv /= 2 }
        if abs(hv) > Self.minFlickVelocity, abs(d) > Self.flickStartDistance {
            if let flick = flick(from: c, hv) { return flick }
        } else if !taken {
            return rest(at: c, page: page(of: c))
        }
        return fixup(from: c, mean: mean)
    }

    /// `ListView::flick` for `SnapOneItem`: nil when there is no flick.
    func flick(from c: Double, _ hv: Double) -> FollowedRelease? {
        guard let target = aim(from: c, hv) else { return nil }
        return flight(from: c, to: target, hv)
    }

    /// Where a flick from `c` aims: the page holding `c ∓ (W/2 + 1)`, pages
    /// before `first` having no delegate (`snapPosition`); nil at a bound.
    func aim(from c: Double, _ hv: Double, first: Int = 0) -> Double? {
        let bias = w / 2 + 1
        if hv > 0 {
            guard c > 0 else { return nil }
            return min(max(snapPosition(c - bias, first: first), 0), maxOffset)
        }
        guard c < maxOffset else { return nil }
        return min(max(snapPosition(c + bias, first: first), 0), maxOffset)
    }

    /// The flick's motion from `c` to `target`, the decision's page the
    /// page of `target`: 4 viewports a second (more past what they reach),
    /// a uniform deceleration over the distance, then the fixup's ease.
    func flight(from c: Double, to target: Double, _ hv: Double) -> FollowedRelease? {
        let distance = abs(target - c)
        guard distance != 0 else { return nil }
        var v0 = 4 * w
        if distance > v0 * v0 / (Self.deceleration * 2) + w / 4 { v0 = (Self.deceleration * 2 * distance).squareRoot() }
        let accel = v0 * v0 / (2 * distance)
        // QQuickTimeLine::accel's duration, in its order of operations.
        let duration = 1000 * v0 / accel
        // Past what doubles and a motion's length describe (pages of 1e150
        // pt, a distance of 1e-300): no flick, the fixup decides.
        guard v0.isFinite, accel.isFinite, accel / 1_000_000 > 0, duration.isFinite, duration >= 0,
              duration <= Double(Motion.maxDuration) else { return nil }
        let stop = Int(duration)
        // The flick's way (the finger's last): the content runs `distance`
        // that way even when the page is behind it; the fixup eases back.
        let sign = hv > 0 ? -1.0 : 1.0
        // Under a whole ms (less than a pixel to go) the deceleration never
        // runs: what is drawn is the fixup's ease alone.
        let motion = stop == 0
            ? Motion(from: c, to: target, v: 0, curve: .ease, duration: Self.fixupMs)
            : Motion(from: c, to: target, v: sign * v0 / 1000, curve: .brake(accel: accel / 1_000_000, stop: stop),
                     duration: stop + Self.fixupMs)
        return FollowedRelease(choice: .snap(index(of: target), .decelerate), from: c, v: motion.v, velocity: -hv / 1000, motion: motion)
    }

    /// `ListView::fixup` after a drag: the page under the content, or under
    /// it less or plus half a page when it went 30 px to half a page the
    /// way the samples point; an InOutQuad of 200 ms.
    func fixup(from c: Double, mean: Double) -> FollowedRelease {
        let dist = pressX - c
        var look = c
        if mean > 0, Self.nudge < dist, dist < w / 2 {
            look = c - w / 2
        } else if mean < 0, -Self.nudge > dist, dist > -w / 2 {
            look = c + w / 2
        }
        let k = pageAt(look) ?? page(of: c)
        let x = min(max(Double(k) * pitch, 0), maxOffset)
        guard x != c else { return rest(at: c, page: index(of: x)) }
        let motion = Motion(from: c, to: x, v: 0, curve: .ease, duration: Self.fixupMs)
        return FollowedRelease(choice: .snap(index(of: x), .animate), from: c, v: 0, velocity: -mean / 1000, motion: motion)
    }

    /// No change of page: the content stays on it, or (pressed between
    /// pages) eases onto it as the fixup does.
    func rest(at c: Double, page k: Int) -> FollowedRelease {
        let x = Double(k) * pitch
        let motion = Motion(from: c, to: x, v: 0, curve: .ease, duration: c == x ? 0 : Self.fixupMs)
        return FollowedRelease(choice: .snap(k, .animate), from: c, v: 0, velocity: 0, motion: motion)
    }

    /// `ListView::snapItemAt`'s page among the delegates from page `first`
    /// on: page k holds `k P - P/2 < pos <= k P + P/2`, the first one from
    /// `first P - spacing/2` (no delegate before it); nil outside them.
    func pageAt(_ pos: Double, first: Int = 0) -> Int? {
        let first = min(max(first, 0), count - 1)
        guard pos.isFinite, pos > Double(first) * pitch - spacing / 2, pos <= maxOffset + pitch / 2 else { return nil }
        let guess = min(max(Int((pos / pitch).rounded()), first), count - 1)
        var found: Int?
        for k in max(guess - 1, first)...min(guess + 1, count - 1) {
            let top = Double(k) * pitch
            let lower = top - ((k > first ? w : 0) + spacing) / 2
            let upper = top + (w + spacing) / 2
            if upper >= pos, lower < pos { found = k }
        }
        return found
    }

    /// `ListView::snapPosAt`: the offset of the page holding `pos` (the
    /// delegates from page `first` on), else Qt's fallback in whole
    /// widths (`averageSize`, spacing left out) from the first delegate's
    /// page or the last page.
    func snapPosition(_ pos: Double, first: Int = 0) -> Double {
        if let k = pageAt(pos, first: first) { return Double(k) * pitch }
        let firstPos = Double(min(max(first, 0), count - 1)) * pitch
        if pos < firstPos { return firstPos - Self.qRound((firstPos - pos) / w) * w }
        if pos > maxOffset { return maxOffset + Self.qRound((pos - maxOffset) / w) * w }
        return Self.qRound(pos / w) * w
    }

    /// The page of an offset on the pages, the nearest otherwise.
    func page(of c: Double) -> Int { pageAt(c) ?? index(of: c) }

    func index(of offset: Double) -> Int {
        guard offset.isFinite else { return 0 }
        return Int(min(max(Self.qRound(offset / pitch), 0), Double(count - 1)))
    }

    /// `qRound`: halves away from zero (as a whole Double).
    static func qRound(_ v: Double) -> Double {
        v >= 0 ? (v + 0.5).rounded(.towardZero) : (v - 0.5).rounded(.towardZero)
    }
}
