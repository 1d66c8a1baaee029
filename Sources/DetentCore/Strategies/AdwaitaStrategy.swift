#if canImport(Glibc)
import Glibc
#endif

/// `adwaita`: GNOME's paging, as libadwaita 1.2's `AdwCarousel` pages a
/// pointer drag (libadwaita 1.2.2, the version Debian 12 ships and the
/// engine diff proves: `adw-swipe-tracker.c`, `adw-carousel.c`,
/// `adw-spring-animation.c`; 1.6 and later add an overshoot and clamp a
/// slow release elsewhere). The engine draws the drag itself and keeps
/// its own velocity, so this strategy follows the drag (`AdwaitaSwipe`)
/// and plans its own spring (`AdwaitaSpring`). Pages are whole viewports
/// `item + spacing` apart; the engine's units are pages, and a velocity in
/// pt/ms is read as pages (docs/strategies.md, "adwaita").
public struct AdwaitaStrategy: BuiltInStrategy {
    public static let about = StrategyDescription(
        name: "adwaita",
        summary: "libadwaita 1.2's AdwCarousel: the swipe tracker's drag, projection and spring, exactly",
        layouts: LayoutSupport(pagesOnly: true),
        followsDrag: true
    )
    public static let declaredOptions: [OptionBinding<Options>] = [
        .flag("allowLongSwipes", \.allowLongSwipes),
        .flag("allowScrollWheel", \.allowScrollWheel),
    ]

    public struct Options: StrategyOptions {
        /// The widget's `allow-long-swipes`: the drag and the projection
        /// may cross every page, not just the start page's neighbours.
        public var allowLongSwipes = false
        /// The widget's `allow-scroll-wheel`: false keeps every wheel event.
        public var allowScrollWheel = true
        public var common = AdwaitaStrategy.about.commonDefaults

        public init() {}
    }

    public let options: Options

    public init(options: Options) { self.options = options }

    /// A session's `swipes=long` is the widget's `allow-long-swipes`.
    public func tuned(longSwipes: Bool) -> any Strategy {
        var options = options
        options.allowLongSwipes = longSwipes
        return AdwaitaStrategy(options: options)
    }

    /// `item + spacing`: one page in points.
    static func distance(_ layout: Layout) -> Double {
        guard let run = layout.geometry.items else { return layout.geometry.viewport }
        return run.firstSize + run.spacing
    }

    /// The pages at `i * distance`, each its item.
    public func snaps(for geometry: Geometry, maxItems: Int) throws(ProtocolError) -> SnapSet {
        SnapSet.of(geometry) { run in
            let distance = run.firstSize + run.spacing
            let offsets = (0..<run.count).map { Double($0) * distance }
            return SnapSet(offsets: offsets, indexes: Array(offsets.indices), pad: nil, lowerEnd: 0, upperEnd: offsets[offsets.count - 1])
        }
    }

    public func dragFollower(layout: Layout, from k0: Int) -> (any DragFollower)? {
        AdwaitaSwipe(distance: Self.distance(layout), last: layout.snaps.count - 1, allowLongSwipes: options.allowLongSwipes)
    }

    /// The carousel's own wheel and the swipe tracker's touchpad.
    public func scrollFollower(layout: Layout) -> (any ScrollFollower)? {
        AdwaitaScroll(layout: layout, distance: Self.distance(layout), allowLongSwipes: options.allowLongSwipes,
                      allowScrollWheel: options.allowScrollWheel)
    }

    /// The carousel's spring, whatever led to it (a release, `goto`,
    /// `cancel`): its `ms` is the engine's (`AdwaitaSpring`).
    public func motion(from: Double, to: Double, v: Double, mode: Mode, layout: Layout) -> Motion? {
        let distance = Self.distance(layout)
        let ms = AdwaitaSpring.duration(from: from / distance, to: to / distance, velocity: v * 1000 / distance)
        return Motion(from: from, to: to, v: v, curve: .spring(omega: AdwaitaSpring.omega), duration: ms)
    }

    /// Only for a release the session did not follow (it follows every
    /// drag of this strategy): the page nearest `x`.
    public func decide(_ release: Release, layout: Layout, from k0: Int) -> Choice {
        .snap(layout.snaps.nearest(to: release.x), .animate)
    }
}
