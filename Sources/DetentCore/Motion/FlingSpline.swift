#if canImport(Glibc)
import Glibc
#endif

/// How far Android flings: `OverScroller`'s spline (AOSP
/// `OverScroller.SplineOverScroller.getSplineFlingDistance`, and Compose's
/// `SplineBasedDecay`), in dp for dp/s at density 1 (where it does not
/// depend on density at all): friction 0.015, deceleration exponent
/// ln 0.78 / ln 0.9, inflexion 0.35; 194 dp at 1000 dp/s.
public enum FlingSpline {
    static let decelerationRate = log(0.78) / log(0.9)
    static let inflexion = 0.35
    /// `ViewConfiguration.getScrollFriction()` times the physical
    /// coefficient (gravity × inches per metre × 160 dpi × 0.84): 778.35.
    static let coefficient = 0.015 * (9.80665 * 39.37 * 160 * 0.84)

    /// The distance a fling at `velocity` covers (its magnitude).
    public static func distance(_ velocity: Double) -> Double {
        guard velocity != 0, velocity.isFinite else { return 0 }
        return coefficient * pow(inflexion * abs(velocity) / coefficient, decelerationRate / (decelerationRate - 1))
    }

    /// The speed of a fling with `distance` still to go (the inverse).
    public static func velocity(covering distance: Double) -> Double {
        guard distance > 0, distance.isFinite else { return 0 }
        return coefficient / inflexion * pow(distance / coefficient, (decelerationRate - 1) / decelerationRate)
    }
}
