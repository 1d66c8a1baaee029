/// `css-snap`: Chromium's CSS scroll snap (`scroll-snap-type: x mandatory`),
/// issue 42, from the rules and recordings of Tests/CssSnap/FACTS.md.
/// This first part pages `goto`, `step` and `scrollby` as Chromium's
/// programmatic scrolls: keys are Direction by a 40 px line step from where
/// the content is drawn, `scrollby` EndAndDirection respecting `snapstop`,
/// `first`/`last` the ends; each drawn as `cubic-bezier(0.4, 0, 0, 1)` over
/// sqrt(d) frames (`curve=bezier`). The wheel and the touchpad are
/// `CssSnapFollower`'s, touch `CssSnapTouch`'s; items become the points
/// Chromium computes for them (`CssSnapPoints.snaps`).
public struct CssSnapStrategy: BuiltInStrategy {
    public static let about = StrategyDescription(
        name: "css-snap",
        summary: "Chromium's CSS scroll snap (mandatory): keys, scrollBy, goto, notches, touchpad and touch, each as Chromium scrolls and snaps it",
        layouts: LayoutSupport(pads: false),
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

    /// The range a touch or a touchpad scrolls in: `[0, max]` for items,
    /// the first to the last point for `points`.
    static func range(_ layout: Layout) -> ClosedRange<Double> {
        if layout.geometry.items != nil { return 0...max(layout.geometry.maxOffset, 0) }
        let offsets = layout.snaps.offsets
        return offsets[0]...offsets[offsets.count - 1]
    }

    /// Items: Chromium's points for them (points: as given).
    public func snaps(for geometry: Geometry, maxItems: Int) throws(ProtocolError) -> SnapSet {
        switch geometry.content {
        case .points(let points): return .points(points)
        case .items(let run): return CssSnapPoints.snaps(run, align: geometry.align, viewport: geometry.viewport)
        }
    }

    /// Item `i`'s own point (points: point `i`).
    public func snap(showing item: Int, in layout: Layout) -> Int {
        guard let run = layout.geometry.items else { return layout.snaps.clamp(item) }
        let i = min(max(item, 0), run.count - 1)
        return layout.snaps.nearest(to: CssSnapPoints.point(of: i, in: run, align: layout.geometry.align,
                                                            viewport: layout.geometry.viewport))
    }

    /// Unused: `CssSnapTouch` decides every release.
    public func decide(_ release: Release, layout: Layout, from k0: Int) -> Choice {
        .snap(layout.snaps.nearest(to: release.target), .animate)
    }

    public func dragFollower(layout: Layout, from k0: Int) -> (any DragFollower)? {
        Self.points(layout).map {
            CssSnapTouch(points: $0, offsets: layout.snaps.offsets, range: Self.range(layout), viewport: layout.geometry.viewport)
        }
    }

    /// Every motion is Chromium's programmatic scroll (kDeltaBased, the
    /// desktop override's Bézier).
    public func motion(from: Double, to: Double, v: Double, mode: Mode, layout: Layout) -> Motion? {
        .bezier(from: from, to: to, .programmatic, span: CssSnapDuration.deltaBased(to - from))
    }

    public func scrollFollower(layout: Layout) -> (any ScrollFollower)? {
        Self.points(layout).map { CssSnapFollower(points: $0, range: Self.range(layout)) }
    }

    public func programmatic(_ scroll: ProgrammaticScroll, view: ScrollView) -> ProgrammaticTarget? {
        let layout = view.layout, drawn = view.drawn
        guard let points = Self.points(layout) else { return nil }
        // Chromium chooses from its main thread's offset: while an animation
        // runs, a frame behind the one drawn, in whole pixels down (FACTS.md).
        var seen = drawn
        if let running = view.motion, let elapsed = view.elapsed, elapsed < Double(running.duration) {
            let frameAgo = running.position(at: max(elapsed - CssSnapDuration.frameMs, 0))
            seen = (drawn - (running.position(at: elapsed) - frameAgo)).rounded(.down)
        }
        let offsets = layout.snaps.offsets
        let goal: Double
        switch scroll {
        case .step(.next): goal = CssSnapProgrammatic.key(forward: true, from: seen, in: points)
        case .step(.prev): goal = CssSnapProgrammatic.key(forward: false, from: seen, in: points)
        case .step(.first): goal = offsets[0]
        case .step(.last): goal = offsets[offsets.count - 1]
        case .by(let d):
            guard d != 0, d.isFinite else { return .kept }
            goal = CssSnapProgrammatic.scrollBy(d, from: seen, in: points)
        }
        guard let k = offsets.firstIndex(of: goal) else { return .kept }
        // Into a wheel's or touchpad's animation: taken over late.
        if let running = view.motion, let elapsed = view.elapsed,
           let path = CssSnapTakeover.path(to: goal, from: drawn, running: running, at: elapsed) {
            return .drawn(k, path)
        }
        return .snap(k)
    }
}
