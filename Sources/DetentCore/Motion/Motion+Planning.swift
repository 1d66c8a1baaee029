#if canImport(Glibc)
import Glibc
#endif

extension Motion {
    /// How close to `to` counts as there, in points.
    public static let settled = 0.5
    /// The longest duration computed, in ms (10 minutes): only absurd
    /// geometries come near it.
    public static let maxDuration = 600_000

    /// The motion of a decision (detent-protocol(7), "Motion"): a decay
    /// when the momentum is kept (`decelerate`), already points at `to` and
    /// stops within `maxDecayMs`; otherwise a critically damped spring of
    /// angular frequency `omega` starting at velocity `v`.
    public static func plan(from: Double, to: Double, v: Double, mode: Mode, maxDecayMs: Double, omega: Double) -> Motion {
        let d = to - from
        if mode == .decelerate, v != 0, d != 0, (v > 0) == (d > 0) {
            let rate = exp(-v / d)
            if rate > 0, rate < 1 {
                var decay = Motion(from: from, to: to, v: v, curve: .decay(rate: rate), duration: 0)
                if let ms = decay.decayDuration(limit: maxDecayMs) {
                    decay.duration = ms
                    return decay
                }
            }
        }
        var spring = Motion(from: from, to: to, v: v, curve: .spring(omega: omega), duration: 0)
        spring.duration = spring.springDuration(omega: omega)
        return spring
    }

    /// `|D| rate^t` falls monotonically: the first whole ms at or below
    /// `settled`, or nil past `limit`.
    func decayDuration(limit: Double) -> Int? {
        guard case .decay(let rate) = curve else { return nil }
        let d = abs(to - from)
        guard d > Self.settled else { return 0 }
        let t = log(Self.settled / d) / log(rate)
        guard t.isFinite, t <= limit + 1 else { return nil }
        let ms = settle(from: Int(max(0, t).rounded(.up))) { distance(at: $0) }
        return Double(ms) <= limit ? ms : nil
    }

    /// The spring's distance `|a + b t| e^(-w t)` falls to 0 at `tz = -a/b`
    /// (if ahead), rises to a peak at `tm = tz + 1/w` and then falls for
    /// good; the answer is the last crossing of `settled`, found by a
    /// safeguarded Newton step on its logarithm and made exact on whole ms.
    func springDuration(omega w: Double) -> Int {
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
            if abs(next - t) <= 1e-3 || high - low <= 1e-3 { return next }
            t = next
        }
        return t
    }

    /// The first whole ms `n` with `farthest(n) <= settled`, from a guess
    /// within a few ms of it (`farthest` never grows with `n`).
    func settle(from guess: Int, _ farthest: (Double) -> Double) -> Int {
        var n = guess
        while n > 0, farthest(Double(n - 1)) <= Self.settled { n -= 1 }
        while n < Self.maxDuration, farthest(Double(n)) > Self.settled { n += 1 }
        return n
    }
}
