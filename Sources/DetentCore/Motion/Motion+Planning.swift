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
            // A subnormal rate has too few bits to start at `v` (exp
            // underflows past v/d = 708): 5e-324 began at 0.1% off.
            if rate >= Double.leastNormalMagnitude, rate < 1 {
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

    /// The first whole ms `n` with `farthest(n) <= settled`, from a guess
    /// within a few ms of it (`farthest` never grows with `n`).
    func settle(from guess: Int, _ farthest: (Double) -> Double) -> Int {
        var n = guess
        while n > 0, farthest(Double(n - 1)) <= Self.settled { n -= 1 }
        while n < Self.maxDuration, farthest(Double(n)) > Self.settled { n += 1 }
        return n
    }
}
