/// `carousel`: centred items, optionally an infinite loop with two
/// duplicates at each end and a silent jump, auto-advancing (seed 004).
public struct CarouselStrategy: BuiltInStrategy {
    public static let about = StrategyDescription(
        name: "carousel",
        summary: "centred items, one per drag, optionally looping without end and advancing by itself (seed 004)",
        layouts: LayoutSupport(uniformOnly: true, align: .center, loops: true),
        fixedAlign: true,
        commonDefaults: CommonOptions(align: .center)
    )
    public static let declaredOptions: [OptionBinding<Options>] = [
        .autoplayMs(\.autoplayMs),
    ]

    public struct Options: StrategyOptions {
        /// 0: off; the seed advances every 2000 ms.
        public var autoplayMs = 0.0
        /// `align` can only be `center`.
        public var common = CarouselStrategy.about.commonDefaults

        public init() {}
    }

    public let options: Options

    public init(options: Options) { self.options = options }

    /// Uniform items, centred; `loop=1` only with `contain=trim`.
    public func check(_ geometry: Geometry) throws(ProtocolError) {
        try layouts.check(geometry, strategy: name)
        if geometry.loop, geometry.contain != .trim {
            throw ProtocolError(.unsupportedLayout, "a loop has no end to pad (loop=1 needs contain=trim)")
        }
    }

    /// Centred items; for a loop, `count + 4` physical items, unclamped.
    public func snaps(for geometry: Geometry, maxItems: Int) throws(ProtocolError) -> SnapSet {
        let run = geometry.items!  // checked by `check`
        if geometry.loop {
            return .loop(run, align: .center, viewport: geometry.viewport)
        }
        return .items(run, align: .center, viewport: geometry.viewport, contain: geometry.contain)
    }

    /// `v == 0`: the snap nearest `T`, a tie going higher (the seed rounds
    /// `T / P`; this uses the real snaps, so the centring shift counts);
    /// otherwise one item in the direction of `v`. The seed retargets the
    /// momentum: `decelerate`.
    public func decide(_ release: Release, layout: Layout, from k0: Int) -> Choice {
        if release.v > 0 { return .snap(k0 + 1, .decelerate) }
        if release.v < 0 { return .snap(k0 - 1, .decelerate) }
        return .snap(layout.snaps.nearest(to: release.target, tieGoesHigher: true), .decelerate)
    }

    /// `goto index=i`: for a loop the real physical item `i + 2`.
    public func snap(showing item: Int, in layout: Layout) -> Int {
        layout.snaps.loopCount == nil ? layout.snapNearest(item: item) : item + SnapSet.loopDuplicates
    }
}
