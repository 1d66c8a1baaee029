/// Chromium's scroll animation durations and one animation segment
/// (cc/animation/scroll_offset_animation_curve.cc: `EaseInOutSegmentDuration`,
/// `UpdateTarget`, `EaseInOutBoundedSegmentDuration`,
/// `VelocityBasedDurationBound`, `EaseInOutWithInitialSlope`), as
/// Tests/CssSnap/FACTS.md states them. Times in ms. Constants transcribed,
/// BSD-3-Clause: NOTICE.
public enum CssSnapDuration {
    /// kDurationDivisor: a frame is 1/60 s.
    public static let frameMs = 1000.0 / 60
    /// kInverseDeltaRampStartPx, kInverseDeltaRampEndPx.
    public static let rampStart = 120.0, rampEnd = 480.0
    /// kInverseDeltaMaxDuration, kInverseDeltaMinDuration (frames).
    public static let inverseMaxFrames = 12.0, inverseMinFrames = 6.0
    /// max_animation_duration of the desktop programmatic override.
    public static let programmaticCapMs = 1500.0

    /// kInverseDelta (the wheel, and the snap after it): 12 frames at
    /// 120 px or less, 6 at 480 or more, linear between; less the input's
    /// delay (`delayed_by`), never below 0.
    public static func inverseDelta(_ d: Double, delayedBy: Double = 0) -> Double {
        let slope = (inverseMaxFrames - inverseMinFrames) / (rampEnd - rampStart)
        let frames = min(max(inverseMaxFrames - (abs(d) - rampStart) * slope, inverseMinFrames), inverseMaxFrames)
        return max(frames * frameMs - delayedBy, 0)
    }

    /// kDeltaBased (programmatic: keys and `scrollBy` on a snap strip):
    /// sqrt(|d|) frames, at most `cap`; less the input's delay.
    public static func deltaBased(_ d: Double, cap: Double = programmaticCapMs, delayedBy: Double = 0) -> Double {
        max(min(abs(d).squareRoot() * frameMs, cap) - delayedBy, 0)
    }
}

/// One animation segment: `from` to `to` along `curve` over `duration` ms
/// from `start` (ms). A path is a list of them, each starting where the one
/// before is when it is cut (a retarget) or ends (the snap after a notch).
public struct CssSnapSegment: Sendable, Equatable {
    public var from: Double, to: Double, start: Double, duration: Double
    public var curve: CubicBezier

    public init(from: Double, to: Double, start: Double, duration: Double, curve: CubicBezier) {
        self.from = from; self.to = to; self.start = start; self.duration = duration; self.curve = curve
    }

    public var end: Double { start + duration }

    /// The offset at `t` (`from` before `start`, `to` from `end` on).
    public func position(at t: Double) -> Double {
        if t >= end { return to } // a segment of no length is at its to from its start (the path rule)
        if t <= start || duration <= 0 { return from }
        return from + (to - from) * curve.value((t - start) / duration)
    }

    /// px/ms at `t`: the curve's slope (Chromium's `Velocity`).
    public func velocity(at t: Double) -> Double {
        if duration <= 0 || t < start || t > end { return 0 }
        return curve.slope((t - start) / duration) * (to - from) / duration
    }

    /// kEaseInOutWithInitialSlope's clamp on the slope.
    public static let slopeLimit = 1000.0
    /// Within this of the target the animation stops (kEpsilon, px).
    public static let targetEpsilon = 0.01

    /// A running wheel animation given a new target at `t` (`UpdateTarget`):
    /// nil when nothing changes (the same target). Else a segment from
    /// where this one is at `t`, lasting `duration(delta)` bounded by
    /// 2.5 delta / velocity when they agree in sign, along
    /// `cubic-bezier(0.42, 0.42 s, 0.58, 1)`, s = velocity x duration /
    /// delta clamped to +-1000: the velocity is kept. Within 0.01 px of the
    /// target, a segment of no duration (it stops there).
    public func retargeted(at t: Double, to target: Double, duration: (Double) -> Double) -> CssSnapSegment? {
        if target == to { return nil }
        return Self.retarget(from: position(at: t), velocity: velocity(at: t), at: t, to: target, duration: duration)
    }

    /// The segment `retargeted` makes from where the content is (`here`,
    /// `velocity` px/ms at `t`).
    public static func retarget(from here: Double, velocity v: Double, at t: Double, to target: Double,
                                duration: (Double) -> Double) -> CssSnapSegment {
        let delta = target - here
        if abs(delta) < targetEpsilon {
            return CssSnapSegment(from: here, to: target, start: t, duration: 0, curve: .easeInOut)
        }
        var ms = duration(delta)
        if v != 0, delta / v > 0 { ms = min(ms, 2.5 * delta / v) }
        let s = ms > 0 ? min(max(v * ms / delta, -slopeLimit), slopeLimit) : 0
        return CssSnapSegment(from: here, to: target, start: t, duration: ms, curve: CubicBezier(0.42, 0.42 * s, 0.58, 1))
    }
}
