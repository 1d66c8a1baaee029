/// The timed offsets of the current gesture, for an `end` without `v`
/// (docs/strategies.md, "Estimated velocity"): the least-squares slope of x over t
/// across the samples within 100 ms of the newest.
public struct VelocitySamples: Sendable, Equatable {
    /// How far back from the newest sample the estimate looks, in ms.
    public static let window = 100.0
    /// Samples kept at most, so a flood of `move`s at one instant stays bounded.
    public static let capacity = 512

    private var times: [Double] = []
    private var offsets: [Double] = []
    private var newest = -Double.infinity

    public init() {}

    public var count: Int { times.count }

    /// Forgets every sample (at `begin`, after a decision, on `layout`).
    public mutating func reset() {
        guard !times.isEmpty || newest != -.infinity else { return }
        times.removeAll(keepingCapacity: true)
        offsets.removeAll(keepingCapacity: true)
        newest = -.infinity
    }

    /// Adds a sample and drops those now outside the window.
    public mutating func add(t: Double, x: Double) {
        newest = max(newest, t)
        times.append(t)
        offsets.append(x)
        let cutoff = newest - Self.window
        if times.count > Self.capacity || times[0] < cutoff {
            var keep = 0
            let first = max(0, times.count - Self.capacity)
            for i in first..<times.count where times[i] >= cutoff {
                times[keep] = times[i]
                offsets[keep] = offsets[i]
                keep += 1
            }
            times.removeLast(times.count - keep)
            offsets.removeLast(offsets.count - keep)
        }
    }

    /// The least-squares slope in pt/ms, or 0 with fewer than two distinct times.
    public func estimate() -> Double {
        let cutoff = newest - Self.window
        var n = 0.0
        var sumT = 0.0
        var sumX = 0.0
        for i in times.indices where times[i] >= cutoff {
            n += 1
            sumT += times[i]
            sumX += offsets[i]
        }
        guard n >= 2 else { return 0 }
        let meanT = sumT / n
        let meanX = sumX / n
        var numerator = 0.0
        var denominator = 0.0
        for i in times.indices where times[i] >= cutoff {
            let dt = times[i] - meanT
            numerator += dt * (offsets[i] - meanX)
            denominator += dt * dt
        }
        guard denominator > 0, numerator.isFinite else { return 0 }
        let slope = numerator / denominator
        return slope.isFinite ? slope : 0
    }
}
