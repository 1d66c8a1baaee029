/// `group`: as many whole items per page as fit, one page per drag
/// (seed 003's `targetContentOffsetForProposedContentOffset`).
public struct GroupStrategy: BuiltInStrategy {
    /// The seed sets UIKit's fast rate; `align` can only be `start`.
    public static let about = StrategyDescription(
        name: "group",
        summary: "as many whole items per page as fit, one page per drag (seed 003)",
        layouts: LayoutSupport(uniformOnly: true, align: .start),
        reportsPage: true,
        fixedAlign: true,
        commonDefaults: CommonOptions(decelerationRate: 0.99)
    )
    public static let declaredOptions: [OptionBinding<Options>] = [
        .number("flickVelocity", \.flickVelocity, ">= 0 (pt/ms)") { $0 >= 0 },
        .number("minRemainder", \.minRemainder, ">= 0 (points)") { $0 >= 0 },
    ]

    public struct Options: StrategyOptions {
        public var flickVelocity = 0.3
        public var minRemainder = 10.0
        public var common = GroupStrategy.about.commonDefaults

        public init() {}
    }

    public let options: Options

    public init(options: Options) { self.options = options }

    /// Items per page: `max(1, floor((viewport - lead + spacing) / (item + spacing)))`,
    /// held to `count` (more would not change the single page, and keeps
    /// a huge viewport from overflowing `Int`).
    public static func capacity(of run: ItemRun, viewport: Double) -> Int {
        let fit = ((viewport - run.lead + run.spacing) / (run.firstSize + run.spacing)).rounded(.down)
        guard fit.isFinite, fit >= 1 else { return 1 }
        return fit >= Double(run.count) ? run.count : Int(fit)
    }

    /// Page offsets `k * P`, `P = c * (item + spacing)`, for `ceil(count / c)`
    /// pages, through `contain`; each reports `page = k`, `index = k * c`.
    public func snaps(for geometry: Geometry, maxItems: Int) throws(ProtocolError) -> SnapSet {
        let run = geometry.items!  // checked by `check`
        let c = Self.capacity(of: run, viewport: geometry.viewport)
        let length = Double(c) * (run.firstSize + run.spacing)
        let pages = (run.count + c - 1) / c
        let raw = (0..<pages).map { Double($0) * length }
        let m = geometry.maxOffset
        let (offsets, pad) = SnapSet.contained(raw, contain: geometry.contain, maxOffset: m)
        let indexes = offsets.indices.map { min($0 * c, run.count - 1) }
        return SnapSet(offsets: offsets, indexes: indexes, pad: pad, lowerEnd: 0, upperEnd: m + (pad ?? 0))
    }

    /// `k` = the last page at or below `T` (the seed's `floor(T / P)`);
    /// past `minRemainder` a forward flick takes the next, a backward flick
    /// the previous; never more than one page from `k0`.
    public func decide(_ release: Release, layout: Layout, from k0: Int) -> Choice {
        let snaps = layout.snaps
        var k = snaps.lastAtOrBelow(release.target) ?? 0
        let remainder = release.target - snaps.offsets[k]
        if remainder > options.minRemainder + Tolerance.length, release.v > options.flickVelocity {
            k += 1
        }
        if release.v < -options.flickVelocity, k > 0 {
            k -= 1
        }
        return .snap(min(max(k, k0 - 1), k0 + 1), .decelerate)
    }

    /// `goto index=i`: the page holding item `i`.
    public func snap(showing item: Int, in layout: Layout) -> Int {
        let c = Self.capacity(of: layout.geometry.items!, viewport: layout.geometry.viewport)
        return layout.snaps.clamp(item / c)
    }
}
