/// `paging`: UIKit's `isPagingEnabled` (seeds 000 and 001). Pages of a fixed
/// length; a flick moves one page, otherwise the page nearest the release,
/// never more than one page per drag.
public struct PagingStrategy: BuiltInStrategy {
    public static let about = StrategyDescription(
        name: "paging",
        summary: "UIKit's isPagingEnabled: pages of a fixed length, one per drag (seeds 000 and 001)",
        reportsPage: true
    )
    public static let declaredOptions: [OptionBinding<Options>] = [
        .init("page", \.page, rule: "\"viewport\", \"pitch\" or a number > 0", parse: { json in
            switch json {
            case .string("viewport"): .viewport
            case .string("pitch"): .pitch
            case .number(let length, _) where length.isFinite && length > 0: .fixed(length)
            default: nil
            }
        }, show: \.description),
        .number("flickVelocity", \.flickVelocity, ">= 0 (pt/ms)") { $0 >= 0 },
    ]

    public struct Options: StrategyOptions {
        public var page = PageLength.viewport
        public var flickVelocity = 0.5
        public var common = PagingStrategy.about.commonDefaults

        public init() {}
    }

    public let options: Options

    public init(options: Options) { self.options = options }

    /// The page offsets `k * page` up to the first at or past `M`, through `contain`.
    public func snaps(for geometry: Geometry, maxItems: Int) throws(ProtocolError) -> SnapSet {
        try SnapSet.of(geometry) { (run) throws(ProtocolError) in
            let length: Double
            switch options.page {
            case .viewport: length = geometry.viewport
            case .pitch: length = run.firstSize + run.spacing
            case .fixed(let fixed): length = fixed
            }
            let m = geometry.maxOffset
            let pages = ((m - Tolerance.length) / length).rounded(.up) + 1
            guard pages.isFinite, pages <= Double(maxItems) else {
                throw ProtocolError(.badLayout, "more than \(maxItems) pages of \(NumberFormat.string(length)) (limits.maxItems)")
            }
            let count = max(1, Int(pages))
            let raw = (0..<count).map { Double($0) * length }
            return .at(offsets: raw, of: run, align: geometry.align, viewport: geometry.viewport,
                       contain: geometry.contain, maxOffset: m)
        }
    }

    /// `v >= flick`: next page; `v <= -flick`: previous; else the page
    /// nearest `x` (lower on a tie), at most one page from `k0`.
    public func decide(_ release: Release, layout: Layout, from k0: Int) -> Choice {
        let snaps = layout.snaps
        let flick = options.flickVelocity
        let k: Int
        if release.v >= flick {
            k = k0 + 1
        } else if release.v <= -flick {
            k = k0 - 1
        } else {
            k = min(max(snaps.nearest(to: release.x), k0 - 1), k0 + 1)
        }
        return .snap(k, .decelerate)
    }
}
