/// `android-pager`: RecyclerView's `PagerSnapHelper` (androidx.recyclerview
/// 1.3: `PagerSnapHelper.findTargetSnapPosition`, `SnapHelper.onFling`,
/// `RecyclerView.fling`; AOSP `OverScroller`). RecyclerView negates the
/// finger's velocity, so its fling velocity has the content's sign, as `v`.
public struct AndroidPagerStrategy: AndroidSnapStrategy {
    public static let about = android(
        name: "android-pager",
        summary: "Android's PagerSnapHelper: a fling centres the next card on its side of the centre, else the idle snap"
    )

    public let options: AndroidSnapOptions

    public init(options: AndroidSnapOptions) { self.options = options }

    /// Forward: the laid-out card with the smallest distance to the centre
    /// at or after it; backward: the largest at or before. With none on
    /// that side, the other side's nearest ±1; past an end, none (a plain
    /// fling). `k0` and speed beyond the gates play no part.
    public func target(_ cards: RecyclerCards, at x: Double, velocity: Double) -> Int? {
        var before: Int?
        var after: Int?
        for i in cards.laidOut(at: x) {
            let d = cards.distance(i, at: x)
            if d <= 0, before.map({ d > cards.distance($0, at: x) }) ?? true { before = i }
            if d >= 0, after.map({ d < cards.distance($0, at: x) }) ?? true { after = i }
        }
        let forward = velocity > 0
        if let target = forward ? after : before { return target }
        guard let visible = forward ? before : after else { return nil }
        let next = visible + (forward ? 1 : -1)
        return next >= 0 && next < cards.run.count ? next : nil
    }
}
