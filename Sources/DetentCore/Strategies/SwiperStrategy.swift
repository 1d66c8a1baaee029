/// `swiper`: Swiper's release (`core/events/onTouchEnd.mjs`, `slideTo`,
/// `modules/free-mode/free-mode.mjs`; Swiper 14, unchanged since 11.2).
/// Swiper measures the finger and translates negatively; `x` and `v` here
/// are the content's offset and velocity, flipped at that boundary.
public struct SwiperStrategy: BuiltInStrategy {
    /// Swiper clamps its snap grid itself: never padded.
    public static let about = StrategyDescription(
        name: "swiper",
        summary: "Swiper: a short touch goes on by one slide, a long one past longSwipesRatio of it; freeMode with sticky",
        layouts: LayoutSupport(pads: false),
        needsGesture: true
    )
    public static let declaredOptions: [OptionBinding<Options>] = [
        .number("slidesPerGroup", \.slidesPerGroup, "a whole number >= 1") { $0 >= 1 && $0 == $0.rounded() && $0 <= 10_000 },
        .number("longSwipesRatio", \.longSwipesRatio, "between 0 and 1") { $0 >= 0 && $0 <= 1 },
        .number("longSwipesMs", \.longSwipesMs, ">= 0 (ms)") { $0 >= 0 },
        .flag("shortSwipes", \.shortSwipes),
        .flag("rewind", \.rewind),
        .flag("freeMode", \.freeMode),
        .flag("sticky", \.sticky),
        .density(\.density),
    ]

    /// freeMode's `minimumVelocity`, px/ms.
    static let minimumVelocity = 0.02
    /// freeMode's momentum: 1000 ms at half the velocity.
    static let momentumMs = 1000.0

    public struct Options: StrategyOptions {
        public var slidesPerGroup = 1.0
        public var longSwipesRatio = 0.5
        public var longSwipesMs = 300.0
        public var shortSwipes = true
        public var rewind = false
        public var freeMode = false
        public var sticky = false
        public var density = 1.0
        public var common = SwiperStrategy.about.commonDefaults

        public init() {}
    }

    public let options: Options

    public init(options: Options) { self.options = options }

    /// Swiper's `snapGrid`: every `slidesPerGroup`-th slide's aligned offset
    /// (`centeredSlides` is `align=center`), clamped into `[0, M]`; without
    /// `centeredSlides` the last reachable offset `M` is a snap too.
    public func snaps(for geometry: Geometry, maxItems: Int) throws(ProtocolError) -> SnapSet {
        SnapSet.of(geometry) { run in
            let m = geometry.maxOffset
            var raw = stride(from: 0, to: run.count, by: Int(options.slidesPerGroup)).map {
                run.alignedOffset($0, align: geometry.align, viewport: geometry.viewport)
            }
            if geometry.align != .center, let last = raw.last, last < m { raw.append(m) }
            return .at(offsets: raw, of: run, align: geometry.align, viewport: geometry.viewport, contain: .trim, maxOffset: m)
        }
    }

    /// `onTouchEnd`: the direction is where `x` went since `begin`; a short
    /// touch goes on by one snap, a long one only past `longSwipesRatio`.
    public func decide(_ release: Release, layout: Layout, from k0: Int) -> Choice {
        decide(release, gesture: Gesture(), layout: layout, from: k0)
    }

    public func decide(_ release: Release, gesture: Gesture, layout: Layout, from k0: Int) -> Choice {
        let snaps = layout.snaps
        let o = snaps.offsets
        let x = release.x
        let start = gesture.beginX ?? o[k0]
        guard x != start else { return .snap(k0, .animate) }
        let next = x > start
        if options.freeMode { return free(release, gesture, layout: layout, next: next) }
        let duration = gesture.endT.flatMap { end in gesture.beginT.map { end - $0 } }
        let long = duration.map { $0 > options.longSwipesMs } ?? true
        // stopIndex: the snap at or before x (the first if none); its gap to the next.
        let stop = snaps.lastAtOrBelow(x) ?? 0
        let gap = stop + 1 < o.count ? o[stop + 1] - o[stop] : (o.count > 1 ? o[stop] - o[stop - 1] : 1)
        let ratio = (x - o[stop]) / gap
        if options.rewind, next, x >= o[o.count - 1] { return .snap(0, .animate) }
        if options.rewind, !next, x <= o[0] { return .snap(o.count - 1, .animate) }
        let k: Int
        if long {
            k = next ? (ratio >= options.longSwipesRatio ? stop + 1 : stop) : (ratio > 1 - options.longSwipesRatio ? stop + 1 : stop)
        } else if options.shortSwipes {
            k = next ? stop + 1 : stop
        } else {
            k = k0
        }
        return .snap(snaps.clamp(k), .animate)
    }

    /// freeMode: half the finger's last velocity runs for 1000 ms, within
    /// the first and last snap; under 0.02 pt/ms it rests where it is;
    /// `sticky` then picks the snap after the end (or, going back, the
    /// nearer of it and the one before).
    func free(_ release: Release, _ gesture: Gesture, layout: Layout, next: Bool) -> Choice {
        let snaps = layout.snaps
        let o = snaps.offsets
        let x = release.x
        var v = lastMovesVelocity(release, gesture) / 2
        if abs(v) < Self.minimumVelocity * options.density { v = 0 }
        if v == 0 {
            return options.sticky ? .snap(snaps.nearest(to: x), .animate) : .free(min(max(x, o[0]), o[o.count - 1]), .decelerate)
        }
        let end = min(max(x + v * Self.momentumMs, o[0]), o[o.count - 1])
        guard options.sticky else { return .free(end, .decelerate) }
        guard let after = o.firstIndex(where: { $0 > end }) else { return .snap(o.count - 1, .decelerate) }
        if next || after == 0 || abs(o[after] - end) < abs(o[after - 1] - end) { return .snap(after, .decelerate) }
        return .snap(after - 1, .decelerate)
    }

    /// The velocity of the last two moves (none if they are more than
    /// 150 ms apart or the last is more than 300 ms before `end`); without
    /// two timed moves, `v`.
    func lastMovesVelocity(_ release: Release, _ gesture: Gesture) -> Double {
        // The moves: the samples without `begin`'s and `end`'s.
        var moves = gesture.samples[...]
        if gesture.beginT != nil { moves = moves.dropFirst() }
        if gesture.endT != nil { moves = moves.dropLast() }
        guard moves.count >= 2, let last = moves.last else { return release.v }
        let previous = moves[moves.endIndex - 2]
        let time = last.t - previous.t
        if time > 150 || (gesture.endT.map { $0 - last.t > 300 } ?? false) || time <= 0 { return 0 }
        return (last.x - previous.x) / time
    }
}
