#if canImport(Glibc)
import Glibc
#endif

/// Chromium's snap fling (cc/input/snap_fling_curve.cc, desktop values;
/// Android's differ), as Tests/CssSnap/FACTS.md reads it: a fling's
/// natural displacement is its first delta x 25, its snap point
/// EndAndDirection by that; the content then glides there with each 16 ms
/// frame's delta 0.92 of the last, in as many frames as that takes. Not
/// measured here (the touchpad's fling is not reproducible: FACTS.md): the
/// source's numbers. Constants transcribed, BSD-3-Clause: NOTICE.
public struct CssSnapFling: Sendable, Equatable {
    /// kDistanceEstimatorScalar.
    public static let estimatorScalar = 25.0
    /// kRatio: a frame's delta over the last one's.
    public static let ratio = 0.92
    /// kFrameTime, ms.
    public static let frameMs = 16.0
    /// kMaximumSnapDuration, ms.
    public static let maxMs = 5000.0

    public let from: Double, to: Double
    /// EstimateFramesFromDistance.
    public let frames: Int
    /// CalculateFirstDelta, px (of the distance's magnitude).
    public let firstDelta: Double

    public init(from: Double, to: Double) {
        self.from = from
        self.to = to
        let d = abs(to - from), r = Self.ratio
        if d == 0 {
            frames = 0
            firstDelta = 0
        } else {
            frames = Int((-log(1 - d * (1 - 1 / r)) / log(r)).rounded(.up))
            firstDelta = d * (1 - r) / (1 - pow(r, Double(frames)))
        }
    }

    /// The fling's snap point: EndAndDirection from `current` by the first
    /// delta x 25 (blink's `GetSnapFlingInfoAndSetAnimatingSnapTarget`).
    public static func target(firstDelta: Double, from current: Double, in points: CssSnapPoints) -> Double {
        points.select(.endAndDirection(displacement: firstDelta * estimatorScalar), from: current, fractional: true)
    }

    /// GetCurrentCurveDistance: the distance glided at `t` ms, at most the whole.
    public func distance(at t: Double) -> Double {
        if frames == 0 { return 0 }
        let frame = max(t, 0) / Self.frameMs + 1
        let sum = firstDelta * (1 - pow(Self.ratio, frame)) / (1 - Self.ratio)
        return min(sum, abs(to - from))
    }

    /// The offset at `t` ms.
    public func position(at t: Double) -> Double {
        if t >= durationMs { return to }
        return from + (to > from ? 1 : -1) * distance(at: t)
    }

    /// frames x 16 ms, at most 5 s.
    public var durationMs: Double { min(Double(frames) * Self.frameMs, Self.maxMs) }

    /// Over at `t`: its time is up, or it is within 1 px of the target.
    public func isFinished(at t: Double) -> Bool {
        t >= durationMs || abs(to - from) - distance(at: t) < 1
    }
}

extension CssSnapFling {
    /// Frames a segment of the drawn path spans.
    static let framesPerSegment = 4

    /// The glide as a path (`curve=path`), from the lift: the curve's sum
    /// of deltas taken continuously, `first delta x (1 - r^(t/16)) / (1 - r)`
    /// at t ms, so that its first frame's delta is in by one frame (16 ms:
    /// Chromium applies it at the fling's first frame, which is drawn a
    /// frame after the lift) and `to` at frames x 16 ms (its `duration_`);
    /// each segment 4 frames long, a cubic whose ends and slopes are the
    /// curve's (within 0.05 px between them). Chromium ends the glide once
    /// within 1 px of `to`; here it reaches `to`. Nil when nothing moves.
    public var path: [CssSnapSegment]? {
        guard frames > 0 else { return nil }
        let sign = to > from ? 1.0 : -1.0, whole = abs(to - from)
        let end = min(Double(frames) * Self.frameMs, Self.maxMs)
        let step = Double(Self.framesPerSegment) * Self.frameMs
        let rate = -log(Self.ratio) / Self.frameMs
        func glided(_ t: Double) -> Double { min(firstDelta * (1 - pow(Self.ratio, t / Self.frameMs)) / (1 - Self.ratio), whole) }
        func slope(_ t: Double) -> Double { firstDelta * pow(Self.ratio, t / Self.frameMs) * rate / (1 - Self.ratio) }
        func at(_ t: Double) -> Double { t >= end ? to : from + sign * glided(t) }
        var segments: [CssSnapSegment] = []
        var t0 = 0.0
        repeat {
            let t1 = min(t0 + step, end), h = t1 - t0
            let y0 = at(t0), y1 = at(t1), dy = abs(y1 - y0)
            // x control points at 1/3 and 2/3 keep time linear; y's give the slopes.
            let p1y = dy > 0 ? slope(t0) * h / 3 / dy : 0
            let p2y = dy > 0 ? 1 - slope(t1) * h / 3 / dy : 1
            segments.append(CssSnapSegment(from: y0, to: y1, start: t0, duration: h, curve: CubicBezier(1.0 / 3, p1y, 2.0 / 3, p2y)))
            t0 = t1
        } while t0 < end
        return segments
    }
}
