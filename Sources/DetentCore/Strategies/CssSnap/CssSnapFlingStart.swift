/// How a fling begins in Chromium on Linux, up to the first delta the snap
/// fling reads (touch and touchpad alike): the browser's fling curve is
/// `PhysicsBasedFlingCurve` (ui/events/gestures/physics_based_fling_curve.cc;
/// `kExperimentalFlingAnimation` is on for Linux), started by
/// `FlingController` (content/browser/renderer_host/input/fling_controller.cc)
/// at the time of the last scroll update and first advanced when the fling
/// starts: that first delta, times 25, is the snap fling's natural
/// displacement (cc/input/snap_fling_controller.cc). Times in ms, px/ms.
/// Constants transcribed, BSD-3-Clause: NOTICE.
public struct CssSnapFlingStart: Sendable, Equatable {
    /// kDefaultPhysicalDeceleration (inch/ms^2) at kDefaultPixelsPerInch 96.
    public static let deceleration = 2.7559e-5 * 96
    /// kDefaultPixelDeceleration (px/s per s of curve) and kMaxCurveDurationForFling, ms.
    public static let pixelDeceleration = 2300.0, maxDurationMs = 2000.0
    /// kDefaultBoundsMultiplier: the distance is at most this many viewports.
    public static let boundsMultiplier = 3.0
    /// kFrameDelta and kMaxMicrosecondsFromFlingTimestampToFirstProgress.
    public static let frameMs = 1000.0 / 60, firstProgressWithinMs = 2000.0 / 60
    /// kMinInertialScrollDelta: smaller first deltas are not sent.
    public static let minDelta = 0.1

    /// The whole distance (signed) and the curve's length, ms.
    public let distance: Double, durationMs: Double
    public let curve: CubicBezier

    /// The curve for a fling at `velocity` px/ms (not 0), its distance at
    /// most `bound` px: the root widget's viewport times 3 in Chromium; the
    /// session's viewport times 3 here (the page's window is not known).
    public init(velocity v: Double, bound: Double) {
        let speed = abs(v)
        let stopMs = speed / Self.deceleration
        let free = (speed - Self.deceleration * stopMs * 0.5) * stopMs
        let length = min(free, bound)
        distance = v < 0 ? -length : length
        // px/s over kDefaultPixelDeceleration is seconds of curve.
        durationMs = min(Self.maxDurationMs, speed * 1000 / Self.pixelDeceleration * 1000)
        // The Bézier's first control point matches the start velocity.
        let slope = length > 0 ? speed * durationMs / length : 0
        var p1x = 0.2, p1y = 1.0
        if slope * p1x < 1 { p1y = p1x * slope } else { p1x = p1y / slope }
        curve = CubicBezier(p1x, p1y, 0.55, 1)
    }

    /// The offset `t` ms into the curve (all of it from its end on).
    public func offset(at t: Double) -> Double {
        t >= durationMs ? distance : distance * curve.value(max(t, 0) / durationMs)
    }

    /// The first delta a fling lifted `sinceUpdate` ms after the last
    /// scroll update sends, or nil when it sends none before it ends: the
    /// first advance is at the lift (within two frames of the update, else
    /// one frame in), then one a frame; a delta of 0.1 px or less is not
    /// sent, and is lost (the curve's offset moves on regardless).
    public func firstDelta(sinceUpdate: Double) -> Double? {
        var t = sinceUpdate > 0 && sinceUpdate < Self.firstProgressWithinMs ? sinceUpdate : Self.frameMs
        var last = 0.0
        while t < durationMs {
            let now = offset(at: t), delta = now - last
            if abs(delta) > Self.minDelta { return delta }
            last = now
            t += Self.frameMs
        }
        return nil
    }

    /// Where a fling of `velocity` from `current` snaps, or nil for no
    /// fling (too slow for a touch, or no delta sent: then EndPosition).
    public static func target(velocity v: Double, sinceUpdate: Double, from current: Double, viewport: Double,
                              in points: CssSnapPoints) -> Double? {
        guard v != 0, v.isFinite else { return nil }
        let start = CssSnapFlingStart(velocity: v, bound: boundsMultiplier * viewport)
        guard let first = start.firstDelta(sinceUpdate: sinceUpdate) else { return nil }
        return CssSnapFling.target(firstDelta: first, from: current, in: points)
    }
}
