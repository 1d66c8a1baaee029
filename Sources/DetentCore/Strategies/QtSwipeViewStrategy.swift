/// `qt-swipeview`: Qt Quick Controls' `SwipeView` as Qt 6.4.2 pages a
/// mouse drag (Basic style: a `ListView` with `snapMode: SnapOneItem`,
/// `highlightRangeMode: StrictlyEnforceRange`, `boundsBehavior:
/// StopAtBounds`, `maximumFlickVelocity: 4 * width`; qtdeclarative's
/// `qquickflickable.cpp`, `qquicklistview.cpp`, `qquicktimeline.cpp`,
/// qtbase's `qeventpoint.cpp`). The engine draws the drag itself (it lags
/// the finger) and plans its own motions, a flick's deceleration and a
/// fixup's ease (`QtSwipe`); pages are whole viewports `item + spacing`
/// apart (docs/strategies.md, "qt-swipeview").
public struct QtSwipeViewStrategy: BuiltInStrategy {
    public static let about = StrategyDescription(
        name: "qt-swipeview",
        summary: "Qt Quick's SwipeView (Qt 6.4): the ListView's drag, flick and fixup, exactly",
        layouts: LayoutSupport(pagesOnly: true, refusesAlign: true),
        followsDrag: true
    )
    public static let declaredOptions: [OptionBinding<Options>] = []

    public struct Options: StrategyOptions {
        public var common = QtSwipeViewStrategy.about.commonDefaults

        public init() {}
    }

    public let options: Options

    public init(options: Options) { self.options = options }

    /// One page per item, `item + spacing` apart.
    public func snaps(for geometry: Geometry, maxItems: Int) throws(ProtocolError) -> SnapSet {
        SnapSet.of(geometry) { run in
            let pitch = run.firstSize + run.spacing
            let offsets = (0..<run.count).map { Double($0) * pitch }
            return SnapSet(offsets: offsets, indexes: Array(offsets.indices), pad: nil, lowerEnd: 0, upperEnd: offsets[offsets.count - 1])
        }
    }

    public func dragFollower(layout: Layout, from k0: Int) -> (any DragFollower)? {
        let run = layout.geometry.items
        return QtSwipe(w: layout.geometry.viewport, spacing: run?.spacing ?? 0, count: layout.snaps.count)
    }

    /// The wheel and the touchpad as the Flickable takes them (`QtScroll`).
    public func scrollFollower(layout: Layout) -> (any ScrollFollower)? {
        let run = layout.geometry.items
        let swipe = QtSwipe(w: layout.geometry.viewport, spacing: run?.spacing ?? 0, count: layout.snaps.count)
        return QtScroll(swipe: swipe, axis: layout.geometry.axis)
    }

    /// `goto` and `cancel`: an ease of `highlightMoveDuration` (exact for
    /// one or two pages; Qt re-plans a longer move part-way).
    public func motion(from: Double, to: Double, v: Double, mode: Mode, layout: Layout) -> Motion? {
        Motion(from: from, to: to, v: 0, curve: .ease, duration: from == to ? 0 : QtSwipe.highlightMoveMs)
    }

    /// Only for a release the session did not follow: the page nearest `x`.
    public func decide(_ release: Release, layout: Layout, from k0: Int) -> Choice {
        .snap(layout.snaps.nearest(to: release.x), .animate)
    }
}
