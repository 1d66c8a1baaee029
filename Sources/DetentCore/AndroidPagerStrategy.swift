/// `android-pager`: RecyclerView's `PagerSnapHelper` (androidx.recyclerview
/// 1.3: `PagerSnapHelper.findTargetSnapPosition`, `SnapHelper.onFling`,
/// `RecyclerView.fling`; AOSP `OverScroller`). RecyclerView negates the
/// finger's velocity, so its fling velocity has the content's sign, as `v`.
public struct AndroidPagerStrategy: BuiltInStrategy {
    public static let name = "android-pager"
    public static let description = "Android's PagerSnapHelper: a fling centres the next card on its side of the centre, else the idle snap"
    public static let commonDefaults = AndroidSnapOptions.commonDefaults
    public static var layouts: LayoutSupport { LayoutSupport(uniformOnly: true, align: .center, pads: false) }
    public static let ownOptions = [Density.option.description]
    /// Whole pixels: a rest may be up to a point off the snap (635, not 634.5).
    public static var restingTolerance: Double { 1 }

    public let options: AndroidSnapOptions

    public init(options: AndroidSnapOptions) { self.options = options }

    /// Forward: the laid-out card with the smallest distance to the centre
    /// at or after it; backward: the largest at or before. With none on
    /// that side, the other side's nearest ±1; past an end, none (a plain
    /// fling). `k0` and speed beyond the gates play no part.
    public func decide(_ release: Release, layout: Layout, from k0: Int) -> Choice {
        let cards = RecyclerCards(layout, density: options.density)
        let x = cards.offset(release.x)
        let velocity = cards.flingVelocity(release.v)
        guard cards.asksHelper(velocity) else { return cards.plainFling(velocity, from: x) }
        var before: Int?
        var after: Int?
        for i in cards.laidOut(at: x) {
            let d = cards.distance(i, at: x)
            if d <= 0, before.map({ d > cards.distance($0, at: x) }) ?? true { before = i }
            if d >= 0, after.map({ d < cards.distance($0, at: x) }) ?? true { after = i }
        }
        let forward = velocity > 0
        var target = forward ? after : before
        if target == nil, let visible = forward ? before : after {
            let next = visible + (forward ? 1 : -1)
            if next >= 0, next < cards.run.count { target = next }
        }
        guard let target else { return cards.plainFling(velocity, from: x) }
        return .free(cards.centring(target, from: x), .decelerate)
    }
}
