#if canImport(Glibc)
import Glibc
#endif

/// `AdwCarousel`'s spring (libadwaita 1.2.2: `adw_spring_params_new (1,
/// 0.5, 500)`, clamped; `adw-spring-animation.c`): critically damped,
/// in pages and seconds, started at the swipe velocity read as pages per
/// second. It is Detent's `curve=spring` with `omega` per ms and `v` in
/// pt/ms; what is its own is `ms`, computed as the engine computes when
/// its clamped animation ends.
enum AdwaitaSpring {
    /// `sqrt(stiffness / mass)` per second.
    static let omegaPerSecond = (500.0 / 0.5).squareRoot()
    /// The same per ms, as a reply carries it: 0.03162277660168379.
    static let omega = omegaPerSecond / 1000
    /// The animation's epsilon: it ends within a thousandth of a page.
    static let epsilon = 0.001
    /// `FLT_EPSILON`: closer than this, the widget does not animate at all.
    static let still = 1.1920928955078125e-07
    /// Its estimate gives up after this many ms (and says 0).
    static let maxMs = 20_000

    /// The position in pages at whole ms `t`, as the engine evaluates it.
    static func position(_ t: Int, from: Double, to: Double, velocity v0: Double) -> Double {
        let seconds = Double(t) / 1000
        let x0 = from - to
        return to + exp(-omegaPerSecond * seconds) * (x0 + (omegaPerSecond * x0 + v0) * seconds)
    }

    /// The first whole ms from 1 at which the spring is within `epsilon`
    /// of `to`, or past it, on the side it starts from (when the clamped
    /// animation ends); 0 when it starts there. On the start side the
    /// distance left, `(|x0| + B t) e^(-w t)`, stays above `epsilon` until
    /// that ms and never rises above it again (it peaks at most once, and
    /// past `to` it is negative), so a doubling search and a bisection
    /// find the ms in about 17 evaluations where the engine steps ms by
    /// ms; each evaluation is the engine's, so the ms is too.
    static func duration(from: Double, to: Double, velocity v0: Double) -> Int {
        guard abs(to - from) >= still else { return 0 }
        let forward = to > from
        func outside(_ t: Int) -> Bool {
            let y = position(t, from: from, to: to, velocity: v0)
            return forward ? to - y > epsilon : y - to > epsilon
        }
        var low = 0
        var high = 1
        while outside(high) {
            guard high < maxMs else { return 0 }
            low = high
            high = min(high * 2, maxMs)
        }
        while high - low > 1 {
            let middle = (low + high) / 2
            if outside(middle) { low = middle } else { high = middle }
        }
        return high
    }
}
