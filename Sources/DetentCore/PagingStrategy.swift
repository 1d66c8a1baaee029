/// `paging`: UIKit's `isPagingEnabled` (seeds 000 and 001). Pages of a fixed
/// length; a flick moves one page, otherwise the page nearest the release,
/// never more than one page per drag.
public struct PagingStrategy: BuiltInStrategy {
    public struct Options: StrategyOptions {
        public var page: PageLength = .viewport
        public var flickVelocity = 0.5
        public var common = CommonOptions()

        public init(page: PageLength = .viewport, flickVelocity: Double = 0.5, common: CommonOptions = CommonOptions()) {
            self.page = page
            self.flickVelocity = flickVelocity
            self.common = common
        }

        public init(reading reader: inout OptionReader) {
            switch reader.raw("page") {
            case nil: page = .viewport
            case .string("viewport")?: page = .viewport
            case .string("pitch")?: page = .pitch
            case .number(let length, _)? where length.isFinite && length > 0: page = .fixed(length)
            default: reader.report("page", "must be \"viewport\", \"pitch\" or a number > 0")
            }
            flickVelocity = reader.number("flickVelocity", default: 0.5, rule: ">= 0 (pt/ms)") { $0 >= 0 }
            common = CommonOptions(reading: &reader)
        }

        public var summary: [(String, String)] {
            [("page", page.description), ("flickVelocity", NumberFormat.string(flickVelocity))]
        }
    }

    public static let name = "paging"
    public static var reportsPage: Bool { true }
    public let options: Options

    public init(options: Options) { self.options = options }

    /// The page offsets `k * page` up to the first at or past `M`, through `contain`.
    public func snaps(for geometry: Geometry, maxItems: Int) throws(ProtocolError) -> SnapSet {
        guard case .items(let run) = geometry.content else {
            if case .points(let points) = geometry.content { return .points(points) }
            preconditionFailure("geometry has items or points")
        }
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
