/// `embla`: Embla Carousel v8.6.0, as its `DragHandler` (the release),
/// `DragTracker` (the velocity), `ScrollTarget` and `ScrollContain` (the
/// snaps) decide. Embla works in negative translate coordinates and the
/// pointer's direction; `x` and `v` here are the content's offset and
/// velocity, so signs are flipped at that boundary and nowhere else.
public struct EmblaStrategy: BuiltInStrategy {
    /// Embla's `containScroll`.
    public enum ContainScroll: String, Sendable, CaseIterable {
        /// Snaps that would not scroll are dropped.
        case trimSnaps
        /// Every slide keeps a snap, several at an end if they clamp there.
        case keepSnaps
    }

    /// Embla bounds its snaps its own way (`containScroll`), never padded.
    public static let about = StrategyDescription(
        name: "embla",
        summary: "Embla Carousel v8: a flick past a threshold moves one snap from where the drag began; dragFree and skipSnaps",
        layouts: LayoutSupport(pads: false),
        needsGesture: true
    )
    public static let declaredOptions: [OptionBinding<Options>] = [
        .flag("skipSnaps", \.skipSnaps),
        .flag("dragFree", \.dragFree),
        .choice("pointer", \.pointer),
        .choice("containScroll", \.containScroll),
        .density(\.density),
    ]

    /// DragTracker's `logInterval`, ms.
    static let logInterval = 170.0
    /// The smallest tracked force that counts, pt/ms.
    static let minForce = 0.1

    public struct Options: StrategyOptions {
        public var skipSnaps = false
        public var dragFree = false
        public var pointer = Pointer.touch
        public var containScroll = ContainScroll.trimSnaps
        public var density = 1.0
        public var common = EmblaStrategy.about.commonDefaults

        public init() {}

        /// DragHandler's `forceBoost` (or `freeForceBoost` with dragFree).
        var boost: Double {
            switch (dragFree, pointer) {
            case (false, .touch): 400
            case (false, .mouse): 300
            case (true, .touch): 600
            case (true, .mouse): 500
            }
        }
    }

    public let options: Options

    public init(options: Options) { self.options = options }

    /// ScrollContain's `snapsBounded`: the first snap at 0, the last at `M`,
    /// the others clamped, within 1 pt of an end set to it, rounded to 3
    /// decimals; `trimSnaps` then keeps one snap at each end.
    public func snaps(for geometry: Geometry, maxItems: Int) throws(ProtocolError) -> SnapSet {
        SnapSet.of(geometry) { run in
            let m = geometry.maxOffset
            let last = run.count - 1
            var offsets: [Double] = []
            var indexes: [Int] = []
            for i in 0...last {
                var snap = min(max(run.alignedOffset(i, align: geometry.align, viewport: geometry.viewport), 0), m)
                if i == 0 || snap <= 1 { snap = 0 }
                if i == last || m - snap <= 1 { snap = m }
                snap = (snap * 1000).rounded() / 1000
                if options.containScroll == .trimSnaps, let previous = offsets.last, previous == snap {
                    // One snap per end: the start keeps its last slide, the end its first.
                    if snap == 0 { indexes[indexes.count - 1] = i }
                    continue
                }
                offsets.append(snap)
                indexes.append(i)
            }
            return SnapSet(offsets: offsets, indexes: indexes, pad: nil, lowerEnd: 0, upperEnd: m)
        }
    }

    /// DragHandler's `up`: a projection `P = v × boost`; under the threshold
    /// the snap nearest `x + P`; past it one snap from `k0` in its direction
    /// (with skipSnaps, from elsewhere, half the way to where `P` points).
    public func decide(_ release: Release, layout: Layout, from k0: Int) -> Choice {
        decide(release, gesture: Gesture(), layout: layout, from: k0)
    }

    public func decide(_ release: Release, gesture: Gesture, layout: Layout, from k0: Int) -> Choice {
        let snaps = layout.snaps
        let first = snaps.offsets[0]
        let last = snaps.offsets[snaps.count - 1]
        func near(_ y: Double) -> Int { snaps.nearest(to: min(max(y, first), last)) }
        let x = release.x
        let p = velocity(release, gesture) * options.boost
        if options.dragFree { return .free(min(max(x + p, first), last), .decelerate) }
        let d = options.density
        // Embla's `percentOfView.measure(20)`, `viewSize * 20 / 100`, in its
        // order: `0.2 * viewSize` is 153.60000000000002 where it is 153.6.
        let threshold = min(max(layout.geometry.viewport * 20 / 100, 50 * d), 225 * d)
        if abs(p) < threshold { return .snap(near(x + p), .decelerate) }
        if options.skipSnaps, near(x) != k0 {
            let beyond = x + p < first || x + p > last
            let d = beyond ? p : snaps.offsets[near(x + p)] - x
            return .snap(near(x + d / 2), .decelerate)
        }
        return .snap(snaps.clamp(k0 + (p > 0 ? 1 : -1)), .decelerate)
    }

    /// DragTracker: a window restarted by the first move more than 170 ms
    /// after its start; the force is the window's travel (to the last move)
    /// over the time to `end`, counted above 0.1 pt/ms and only if the last
    /// move is within 170 ms of `end`. Without a timed drag, `v` with the gate.
    func velocity(_ release: Release, _ gesture: Gesture) -> Double {
        guard gesture.beginT != nil, let endT = gesture.endT, gesture.samples.count >= 2 else {
            return abs(release.v) > Self.minForce * options.density ? release.v : 0
        }
        let drag = gesture.samples.dropLast()
        var start = drag[drag.startIndex]
        var lastMove = start
        for sample in drag.dropFirst() {
            lastMove = sample
            if sample.t - start.t > Self.logInterval { start = sample }
        }
        let time = endT - start.t
        guard time != 0, endT - lastMove.t <= Self.logInterval else { return 0 }
        let force = (lastMove.x - start.x) / time
        return abs(force) > Self.minForce * options.density && force.isFinite ? force : 0
    }
}
