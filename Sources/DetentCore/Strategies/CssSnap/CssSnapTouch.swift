/// `css-snap`'s touch (`begin`/`move`/`end`), as Chromium scrolls a snap
/// container under a finger: the content moves by the finger's deltas,
/// clamped to the scroll range (no rubber band: back from past an end at
/// once); the lift is a fling when the finger's velocity (a client's `v`,
/// else `CssSnapTracker`'s) is over 30 px/s, else a scroll end.
struct CssSnapTouch: DragFollower {
    let points: CssSnapPoints
    let offsets: [Double]
    let range: ClosedRange<Double>
    let viewport: Double
    var drawn = 0.0, lastX = 0.0
    var tracker = CssSnapTracker()
    /// The last sample's time: the fling curve starts there.
    var lastT: Double?

    init(points: CssSnapPoints, offsets: [Double], range: ClosedRange<Double>, viewport: Double) {
        self.points = points
        self.offsets = offsets
        self.range = range
        self.viewport = viewport
    }

    private func clamped(_ x: Double) -> Double { min(max(x, range.lowerBound), range.upperBound) }

    mutating func press(x: Double, t: Double?) {
        drawn = clamped(x)
        lastX = x
        tracker = CssSnapTracker()
        lastT = t
        if let t { tracker.add(t: t, x: x, press: true) }
    }

    mutating func move(x: Double, t: Double?) -> Double {
        drawn = clamped(drawn + x - lastX)
        lastX = x
        if let t {
            tracker.add(t: t, x: x)
            lastT = t
        }
        return drawn
    }

    /// The lift moves the content to its `x` but is no velocity sample
    /// (an `UP` only reports the last position).
    mutating func release(x: Double, v: Double?, t: Double?) -> FollowedRelease {
        drawn = clamped(drawn + x - lastX)
        lastX = x
        let read = v ?? tracker.velocity(upAt: t)
        let velocity = min(max(read, -CssSnapVelocity.maxTouchFling), CssSnapVelocity.maxTouchFling)
        let since = t.flatMap { end in lastT.map { end - $0 } } ?? 0
        let fling = abs(velocity) > CssSnapVelocity.minTouchFling ? velocity : 0
        return CssSnapRelease.end(velocity: fling, sinceUpdate: since, from: drawn, viewport: viewport,
                                  points: points, offsets: offsets)
    }
}

/// The end of a touch or touchpad scroll on a snap container: a fling
/// snaps by EndAndDirection along the snap fling curve
/// (`CssSnapFlingStart`, `CssSnapFling`); without one, or when the fling
/// sends no delta, the scroll end snaps to the closest point
/// (EndPosition) with kInverseDelta's ease-in-out, as a precise wheel's.
enum CssSnapRelease {
    static func end(velocity v: Double, sinceUpdate: Double, from x: Double, viewport: Double,
                    points: CssSnapPoints, offsets: [Double]) -> FollowedRelease {
        if let target = CssSnapFlingStart.target(velocity: v, sinceUpdate: sinceUpdate, from: x, viewport: viewport, in: points),
           let k = offsets.firstIndex(of: target) {
            var motion = CssSnapFling(from: x, to: target).path.map(Motion.path) ?? Motion.bezier(from: x, to: target, .easeInOut, span: 0)
            motion.from = x
            return FollowedRelease(choice: .snap(k, .animate), from: x, v: motion.v, velocity: v, motion: motion)
        }
        let snap = points.select(.endPosition, from: x, fractional: true)
        let k = offsets.firstIndex(of: snap) ?? 0
        let span = snap == x ? 0 : CssSnapDuration.inverseDelta(snap - x)
        let motion = Motion.bezier(from: x, to: snap, .easeInOut, span: span)
        return FollowedRelease(choice: .snap(k, .animate), from: x, v: 0, velocity: v, motion: motion)
    }
}
