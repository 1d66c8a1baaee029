/// The drag behind a release, for rules that need more than `x`, `v` and
/// `T` (docs/strategies.md, "The gesture"): where and when it began, when
/// it ended, and its timed samples. Kept only for strategies that ask
/// (`Strategy.needsGesture`, `decide(_:gesture:layout:from:)`); the others
/// get none and pay nothing.
public struct Gesture: Sendable, Equatable {
    /// One `(t, x)` of `begin`, `move` or `end`, in ms and points.
    public struct Sample: Sendable, Equatable {
        public var t: Double
        public var x: Double

        public init(t: Double, x: Double) {
            self.t = t
            self.x = x
        }
    }

    /// Samples kept at most: the newest.
    public static let capacity = 512

    /// The offset at `begin`, nil when the drag had none.
    public var beginX: Double?
    /// The time of `begin`, nil when it had none.
    public var beginT: Double?
    /// The time of `end`, nil when it had none.
    public var endT: Double?
    /// The timed samples in order, `begin` and `end` included, at most `capacity`.
    public private(set) var samples: [Sample] = []

    public init(beginX: Double? = nil, beginT: Double? = nil, endT: Double? = nil, samples: [Sample] = []) {
        self.beginX = beginX
        self.beginT = beginT
        self.endT = endT
        self.samples = samples
    }

    /// Adds a sample, dropping the oldest half when full.
    mutating func add(t: Double, x: Double) {
        if samples.count >= Self.capacity { samples.removeFirst(Self.capacity / 2) }
        samples.append(Sample(t: t, x: x))
    }

    /// The samples at or after `cutoff` ms.
    public func samples(since cutoff: Double) -> ArraySlice<Sample> {
        let first = samples.firstIndex { $0.t >= cutoff } ?? samples.endIndex
        return samples[first...]
    }
}
