#if canImport(Glibc)
import Glibc
#endif

extension Motion {
    /// The spring's duration (detent-protocol(7), "Motion"): the first
    /// whole ms from which `|a + b t| e^(-w t)` stays within `settled`.
    /// On the final fall it is a closed-form guess, made exact on whole ms
    /// by `settle`; elsewhere, and wherever the guess could differ from
    /// the search, the search (`springDurationBySearch`) decides.
    public func springDuration(omega w: Double) -> Int {
        let a = from - to
        let b = v + w * a
        guard a.isFinite, b.isFinite, w > 0 else { return Self.maxDuration }
        guard b != 0 else { return springDurationBySearch(omega: w) }
        if let (t, peakTime) = Self.finalFall(a: a, b: b, w: w) {
            // The farthest the content is at or after t, as the search has it.
            return settle(from: Int(max(0, t).rounded(.up))) { t in
                t <= peakTime ? max(distance(at: t), distance(at: peakTime)) : distance(at: t)
            }
        }
        if let (t, peakTime) = Self.firstFall(a: a, b: b, w: w) {
            let peak = distance(at: peakTime)
            return settle(from: Int(max(0, t).rounded(.up))) { t in
                t <= peakTime ? max(distance(at: t), peak) : distance(at: t)
            }
        }
        return springDurationBySearch(omega: w)
    }

    /// The crossing on the way to the first pass through `to`, where the
    /// peak after it stays within `settled` (an overshoot too small to
    /// count), and the peak's time; nil where the search must decide.
    ///
    /// Before the pass `y = -w (t + a/b)` is positive and the distance is
    /// `(|b|/w) e^(w a/b) y e^y`: the crossing solves `y + ln y = -L`
    /// (`W₀(e^(-L))`), `L < 1` as the peak is under `settled`.
    static func firstFall(a: Double, b: Double, w: Double) -> (t: Double, peakTime: Double)? {
        let period = 1 / w
        let ratio = a / b
        let peakTime = period - ratio
        guard peakTime > 0, abs(a) > settled, ratio < 0 else { return nil }
        let level = log(abs(b) * period * (1 / settled)) + w * ratio
        // The peak must stay under `settled` plainly (`L = 1` is on it).
        guard level < 1 - 1e-6, level > -1e4 else { return nil }
        let t = -SpringCrossing.y(level) * period - ratio
        guard t.isFinite, t >= 0, t < Double(maxDuration) / 4 else { return nil }
        return (t, peakTime)
    }

    /// The last crossing of `settled` when it lies on the final fall, within
    /// a hundredth of a ms or so, and the peak's time (bit for bit the
    /// search's); nil where the search must decide.
    ///
    /// With `z = w (t + a/b)` the distance is `(|b|/w) e^(w a/b) z e^(-z)`,
    /// falling for good past its peak at `z = 1`; the crossing solves
    /// `z - ln z = L`, `L = ln(|b| / (w settled)) + w a/b`, on `z > 1`
    /// (`-W₋₁(-e^(-L))`): one Halley step from the upper bound
    /// `L + sqrt(2(L - 1))` comes within 1e-3 of `z` (a ms or less of `t`
    /// for responses under 6 s), which is all `settle` needs. Four
    /// divisions (measured: each is as dear as the arithmetic around it).
    static func finalFall(a: Double, b: Double, w: Double) -> (t: Double, peakTime: Double)? {
        let period = 1 / w
        let ratio = a / b
        let peakTime = period - ratio
        let level = log(abs(b) * period * (1 / settled)) + w * ratio
        // The peak (or the start, past it) must clear `settled` plainly:
        // `L = 1` is the peak on it.
        guard level > 1 + 1e-6, peakTime > 0 || abs(a) > settled else { return nil }
        // Where the search's bracket would pass `maxDuration`, it answers
        // `maxDuration`; keep such geometries to it.
        guard level < 1e4, a.exponent < 60 else { return nil }
        let t = SpringCrossing.z(level) * period - ratio
        guard t.isFinite, t < Double(maxDuration) / 4,
              boundFits(a: a, level: level, ratio: ratio, w: w, period: period) else { return nil }
        return (t, peakTime)
    }

    /// Whether the search's bracket (`lastCrossing`) stays under
    /// `maxDuration` for this spring, with room for rounding: only then do
    /// the two agree by construction.
    private static func boundFits(a: Double, level: Double, ratio: Double, w: Double, period: Double) -> Bool {
        let limit = Double(maxDuration) * 0.99 - 1
        // ln(4|a|) <= ln 4 + (exponent + 1) ln 2
        let aTerm = Double(a.exponent + 3) * M_LN2 * period
        // 2 ln(8|b| / (e w)) = 2 (ln(|b| / (w settled)) + ln(8 settled / e))
        let bTerm = 2 * (level - w * ratio + 0.39) * period
        return aTerm < limit && bTerm < limit
    }

    /// The spring's duration by search: the distance `|a + b t| e^(-w t)`
    /// falls to 0 at `tz = -a/b` (if ahead), rises to a peak at
    /// `tm = tz + 1/w` and then falls for good; the answer is the last
    /// crossing of `settled`, found by a safeguarded Newton step on its
    /// logarithm and made exact on whole ms. `springDuration`'s reference.
    public func springDurationBySearch(omega w: Double) -> Int {
        let a = from - to
        let b = v + w * a
        guard a.isFinite, b.isFinite, w > 0 else { return Self.maxDuration }
        let peakTime = b == 0 ? -Double.infinity : 1 / w - a / b
        let peak = peakTime > 0 ? distance(at: peakTime) : 0
        // The farthest the content is at or after t.
        func beyond(_ t: Double) -> Double {
            t <= peakTime ? max(distance(at: t), peak) : distance(at: t)
        }
        let root: Double
        if peak > Self.settled {
            root = lastCrossing(a: a, b: b, w: w, above: peakTime)
        } else if abs(a) <= Self.settled {
            return 0
        } else if peakTime <= 0 {
            root = lastCrossing(a: a, b: b, w: w, above: 0)
        } else if -a / b > 0 {
            // Overshoot whose peak stays within `settled`: the crossing is
            // on the way to the first pass through `to`.
            root = Self.crossing(a: a, b: b, w: w, low: 0, high: -a / b)
        } else {
            return 0
        }
        guard root < Double(Self.maxDuration) else { return Self.maxDuration }
        return settle(from: Int(max(0, root).rounded(.up)), beyond)
    }

    /// The crossing on the final fall, after `lower` (where the distance
    /// exceeds `settled`): bracketed above by `|a| e^(-u) + (|b|/w)(2/e) e^(-u/2)
    /// <= settled`, `u = w t`.
    func lastCrossing(a: Double, b: Double, w: Double, above lower: Double) -> Double {
        let e = exp(1.0)
        // The bound holds by the inequality; `settle` absorbs rounding.
        let high = max(lower, log(4 * abs(a)) / w, 2 * log(8 * abs(b) / (e * w)) / w) + 1
        guard high.isFinite, high < Double(Self.maxDuration) else { return Double(Self.maxDuration) }
        // `t = ln(|a + b t| / settled) / w` contracts towards the crossing
        // past the peak: one step from the bound is a close start.
        let start = log(abs(a + b * high) / Self.settled) / w
        return Self.crossing(a: a, b: b, w: w, low: lower, high: high, start: start)
    }

    /// The `t` in `[low, high]` where `ln|a + b t| - w t = ln settled`, the
    /// distance falling through the bracket: Newton from the high end,
    /// halving when a step leaves the bracket.
    /// Only a close guess is needed: `settle` makes it exact on whole ms.
    /// A short step counts as there only where `h` is near 0 too: at a
    /// bracket ending on the pass through `to` (`a + b t = 0`) the step is
    /// tiny and `h` is not, and stopping there answered that pass, up to
    /// ten minutes late (found by the closed form's proof).
    static func crossing(a: Double, b: Double, w: Double, low: Double, high: Double, start: Double? = nil) -> Double {
        var low = low
        var high = high
        var t = start.map { $0 > low && $0 < high ? $0 : high } ?? high
        let level = log(settled)
        for _ in 0..<100 {
            let s = a + b * t
            let h = log(abs(s)) - w * t - level
            if h > 0 { low = t } else { high = t }
            var next = t - h / (b / s - w)
            if !(next > low && next < high) { next = (low + high) / 2 }
            if (abs(next - t) <= 1e-3 && abs(h) <= 1e-2) || high - low <= 1e-3 { return next }
            t = next
        }
        return t
    }

}
