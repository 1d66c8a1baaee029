/// A CSS `cubic-bezier(p1x, p1y, p2x, p2y)` timing function, solved the way
/// Chromium's gfx::CubicBezier (ui/gfx/geometry/cubic_bezier.cc) solves it,
/// so a css-snap motion draws Chromium's frames: an initial guess from 11
/// samples of x(t), at most 4 Newton steps, then bisection, to 1e-7.
/// Outside [0, 1] it extends linearly with the end gradients, as Chromium's.
/// (Rules and constants transcribed, BSD-3-Clause: NOTICE.)
public struct CubicBezier: Sendable, Equatable {
    public let p1x: Double, p1y: Double, p2x: Double, p2y: Double
    let ax: Double, bx: Double, cx: Double
    let ay: Double, by: Double, cy: Double
    let startGradient: Double, endGradient: Double
    let samples: [Double]

    /// kBezierEpsilon.
    public static let epsilon = 1e-7
    static let newtonIterations = 4
    static let sampleCount = 11

    /// `cubic-bezier(0.42, 0, 0.58, 1)`: CSS's ease-in-out, the wheel's curve.
    public static let easeInOut = CubicBezier(0.42, 0, 0.58, 1)
    /// Chromium's desktop programmatic curve (kProgrammaticScrollAnimationOverride):
    /// keys and `scrollBy` on a snap strip.
    public static let programmatic = CubicBezier(0.4, 0, 0, 1)

    public init(_ p1x: Double, _ p1y: Double, _ p2x: Double, _ p2y: Double) {
        self.p1x = p1x; self.p1y = p1y; self.p2x = p2x; self.p2y = p2y
        // Bernstein form expanded: x(t) = ((ax t + bx) t + cx) t.
        cx = 3 * p1x; bx = 3 * (p2x - p1x) - cx; ax = 1 - cx - bx
        cy = 3 * p1y; by = 3 * (p2y - p1y) - cy; ay = 1 - cy - by
        if p1x > 0 { startGradient = p1y / p1x }
        else if p1y == 0, p2x > 0 { startGradient = p2y / p2x }
        else if p1y == 0, p2y == 0 { startGradient = 1 }
        else { startGradient = 0 }
        if p2x < 1 { endGradient = (p2y - 1) / (p2x - 1) }
        else if p2y == 1, p1x < 1 { endGradient = (p1y - 1) / (p1x - 1) }
        else if p2y == 1, p1y == 1 { endGradient = 1 }
        else { endGradient = 0 }
        let ax = ax, bx = bx, cx = cx, n = Self.sampleCount
        samples = (0..<n).map { i in
            let t = Double(i) * (1 / Double(n - 1)) // i * delta_t, as Chromium: not i / 10
            return ((ax * t + bx) * t + cx) * t
        }
    }

    public static func == (a: CubicBezier, b: CubicBezier) -> Bool {
        a.p1x == b.p1x && a.p1y == b.p1y && a.p2x == b.p2x && a.p2y == b.p2y
    }

    func sampleX(_ t: Double) -> Double { ((ax * t + bx) * t + cx) * t }
    func sampleY(_ t: Double) -> Double { ((ay * t + by) * t + cy) * t }
    func derivativeX(_ t: Double) -> Double { (3 * ax * t + 2 * bx) * t + cx }
    func derivativeY(_ t: Double) -> Double { (3 * ay * t + 2 * by) * t + cy }

    /// The curve's parameter t where x(t) = x, x in [0, 1] (SolveCurveX).
    public func solveCurveX(_ x: Double, epsilon: Double = CubicBezier.epsilon) -> Double {
        var t0 = 0.0, t1 = 0.0, t2 = x, x2 = 0.0
        let step = 1 / Double(Self.sampleCount - 1)
        for i in 1..<Self.sampleCount where x <= samples[i] {
            t1 = step * Double(i)
            t0 = t1 - step
            t2 = t0 + (t1 - t0) * (x - samples[i - 1]) / (samples[i] - samples[i - 1])
            break
        }
        let newtonEpsilon = min(Self.epsilon, epsilon)
        for _ in 0..<Self.newtonIterations {
            x2 = sampleX(t2) - x
            if abs(x2) < newtonEpsilon { return t2 }
            let d2 = derivativeX(t2)
            if abs(d2) < Self.epsilon { break }
            t2 -= x2 / d2
        }
        if abs(x2) < epsilon { return t2 }
        while t0 < t1 {
            x2 = sampleX(t2)
            if abs(x2 - x) < epsilon { return t2 }
            if x > x2 { t0 = t2 } else { t1 = t2 }
            t2 = (t1 + t0) * 0.5
        }
        return t2
    }

    /// The progress at time fraction x (Solve): y(t) with x(t) = x.
    public func value(_ x: Double) -> Double {
        if x < 0 { return startGradient * x }
        if x > 1 { return 1 + endGradient * (x - 1) }
        return sampleY(solveCurveX(x))
    }

    /// dy/dx at time fraction x (SlopeWithEpsilon), x clamped to [0, 1].
    public func slope(_ x: Double) -> Double {
        let t = solveCurveX(min(max(x, 0), 1))
        let dx = derivativeX(t), dy = derivativeY(t)
        if dx == 0, dy == 0 { return 0 }
        return dy / dx
    }
}
