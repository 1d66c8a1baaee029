/// `css-snap`: Chromium's CSS scroll snap (`scroll-snap-type: x mandatory`),
/// issue 42, from the rules and recordings of Tests/CssSnap/FACTS.md.
/// This first part pages `goto`, `step` and `scrollby` as Chromium's
/// programmatic scrolls: keys are Direction by a 40 px line step from where
/// the content is drawn, `scrollby` EndAndDirection respecting `snapstop`,
/// `first`/`last` the ends; each drawn as `cubic-bezier(0.4, 0, 0, 1)` over
/// sqrt(d) frames (`curve=bezier`). The wheel and the touchpad are
/// `CssSnapFollower`'s; the touch fling is not yet Chromium's (next part).
public struct CssSnapStrategy: BuiltInStrategy {
    public static let about = StrategyDescription(
        name: "css-snap",
        summary: "Chromium's CSS scroll snap (mandatory): keys, scrollBy and goto as Chromium's programmatic scrolls",
        followsDrag: true
    )
    public static let declaredOptions: [OptionBinding<Options>] = []

    public struct Options: StrategyOptions {
        public var common = CssSnapStrategy.about.commonDefaults
        public init() {}
    }

    public let options: Options

    public init(options: Options) { self.options = options }

    /// Its points: the snaps, with the geometry's snap-stops.
    static func points(_ layout: Layout) -> CssSnapPoints? {
        CssSnapPoints(layout.snaps.offsets, stops: layout.geometry.snapStops)
    }

    /// A release: EndPosition, the snap closest to where the momentum
    /// would stop (Chromium's touch fling is the next part).
    public func decide(_ release: Release, layout: Layout, from k0: Int) -> Choice {
        .snap(layout.snaps.nearest(to: release.target), .animate)
    }

    /// Every motion is Chromium's programmatic scroll (kDeltaBased, the
    /// desktop override's Bézier).
    public func motion(from: Double, to: Double, v: Double, mode: Mode, layout: Layout) -> Motion? {
        .bezier(from: from, to: to, .programmatic, span: CssSnapDuration.deltaBased(to - from))
    }

    public func scrollFollower(layout: Layout) -> (any ScrollFollower)? {
        Self.points(layout).map { CssSnapFollower(points: $0) }
    }

    public func programmatic(_ scroll: ProgrammaticScroll, from drawn: Double, layout: Layout) -> ProgrammaticTarget? {
        guard let points = Self.points(layout) else { return nil }
        let offsets = layout.snaps.offsets
        let goal: Double
        switch scroll {
        case .step(.next): goal = CssSnapProgrammatic.key(forward: true, from: drawn, in: points)
        case .step(.prev): goal = CssSnapProgrammatic.key(forward: false, from: drawn, in: points)
        case .step(.first): goal = offsets[0]
        case .step(.last): goal = offsets[offsets.count - 1]
        case .by(let d):
            guard d != 0, d.isFinite else { return .kept }
            goal = CssSnapProgrammatic.scrollBy(d, from: drawn, in: points)
        }
        guard let k = offsets.firstIndex(of: goal) else { return .kept }
        return .snap(k)
    }
}
