/// The fling velocities Chromium measures, px/ms (its px/s over 1000).
/// Rules and constants transcribed, BSD-3-Clause: NOTICE.
public enum CssSnapVelocity {
    /// GestureConfiguration's min_fling_velocity and max_fling_velocity, px/ms.
    public static let minTouchFling = 0.030, maxTouchFling = 17.0
    /// wayland_event_source.cc: kPointerScrollDataSetMaxSize frames, and no
    /// fling when the stop comes more than kFlingStartTimeoutMs after the last.
    public static let touchpadFrames = 3
    public static let touchpadTimeoutMs = 200.0

    /// A touchpad's fling velocity at its stop (Wayland's
    /// `WaylandEventSource::ComputeFlingVelocity`): `frames` are the newest
    /// updates, oldest first, each with the time since the frame before it
    /// (`dt`, ms) and its delta; `stopDt` the stop's time since the last.
    /// Times run back from the stop; the distance back from the end is
    /// regressed on them (libgestures' `RegressScrollVelocity`). One frame
    /// alone: its delta times its and the stop's dt (so the source).
    public static func touchpad(frames: [(dt: Double, dx: Double)], stopDt: Double) -> Double {
        let recent = frames.suffix(touchpadFrames)
        guard !recent.isEmpty, stopDt <= touchpadTimeoutMs else { return 0 }
        if recent.count == 1, let only = recent.first {
            // px x s is px/s read as a velocity: over 1000 for px/ms.
            return only.dx * (only.dt + stopDt) / 1000 / 1000
        }
        var time = stopDt / 1000, x = 0.0
        var tt = 0.0, t = 0.0, tx = 0.0, sx = 0.0
        for frame in recent.reversed() {
            time += frame.dt / 1000
            x += frame.dx
            tt += time * time; t += time; tx += time * x; sx += x
        }
        let n = Double(recent.count)
        let det = n * tt - t * t
        if det == 0 { return t != 0 ? x / t / 1000 : 0 }
        return (n * tx - t * sx) / det / 1000
    }
}

/// A finger's velocity as Chromium's gesture detector reads it
/// (ui/events/gesture_detection/velocity_tracker.cc, the default LSQ2: a
/// least-squares quadratic of position over time, its slope at the newest
/// sample): at most 20 samples within 100 ms of the newest; a sample 40 ms
/// or more after the one before starts afresh, and a lift 80 ms or more
/// after the last sample reads 0 (the finger had stopped).
struct CssSnapTracker: Sendable {
    static let history = 20
    static let horizonMs = 100.0, moveStoppedMs = 40.0, upStoppedMs = 80.0

    private(set) var samples: [(t: Double, x: Double)] = []

    /// The press (`DOWN`: a fresh trace) or a move.
    mutating func add(t: Double, x: Double, press: Bool = false) {
        if press { samples.removeAll(keepingCapacity: true) }
        if let last = samples.last, t - last.t >= Self.moveStoppedMs { samples.removeAll(keepingCapacity: true) }
        samples.append((t, x))
        if samples.count > Self.history { samples.removeFirst(samples.count - Self.history) }
    }

    /// The velocity at a lift at `t`, px/ms, clamped to the maximum fling.
    func velocity(upAt t: Double?) -> Double {
        guard let newest = samples.last else { return 0 }
        if let t, t - newest.t >= Self.upStoppedMs { return 0 }
        let used = samples.filter { newest.t - $0.t <= Self.horizonMs }
        guard used.count >= 2 else { return 0 }
        let times = used.map { ($0.t - newest.t) / 1000 }, xs = used.map(\.x)
        let v = Self.slope(times: times, xs: xs, degree: min(2, used.count - 1)) / 1000
        return min(max(v, -CssSnapVelocity.maxTouchFling), CssSnapVelocity.maxTouchFling)
    }

    /// The linear coefficient of the least-squares polynomial of `degree`
    /// (Gram-Schmidt QR, as `SolveLeastSquares`); 0 when it has none.
    static func slope(times: [Double], xs: [Double], degree: Int) -> Double {
        let n = degree + 1, m = times.count
        var a = [[Double]](repeating: [Double](repeating: 1, count: m), count: n)
        for i in 1..<n { for h in 0..<m { a[i][h] = a[i - 1][h] * times[h] } }
        var q = a, r = [[Double]](repeating: [Double](repeating: 0, count: n), count: n)
        for j in 0..<n {
            for i in 0..<j {
                let dot = zip(q[j], q[i]).reduce(0) { $0 + $1.0 * $1.1 }
                for h in 0..<m { q[j][h] -= dot * q[i][h] }
            }
            let norm = q[j].reduce(0) { $0 + $1 * $1 }.squareRoot()
            if norm < 0.000001 { return 0 }
            for h in 0..<m { q[j][h] /= norm }
            for i in 0..<n { r[j][i] = i < j ? 0 : zip(q[j], a[i]).reduce(0) { $0 + $1.0 * $1.1 } }
        }
        var b = [Double](repeating: 0, count: n)
        for i in stride(from: n - 1, through: 0, by: -1) {
            b[i] = zip(q[i], xs).reduce(0) { $0 + $1.0 * $1.1 }
            for j in stride(from: n - 1, to: i, by: -1) { b[i] -= r[i][j] * b[j] }
            b[i] /= r[i][i]
        }
        return b[1]
    }
}
