/// `android-linear`: RecyclerView's `LinearSnapHelper` (androidx.recyclerview
/// 1.3: `LinearSnapHelper.findTargetSnapPosition`,
/// `estimateNextPositionDiffForFling`, `computeDistancePerChild`,
/// `SnapHelper.onFling`, `RecyclerView.fling`; AOSP `Scroller` and
/// `OverScroller`). RecyclerView negates the finger's velocity, so its
/// fling velocity has the content's sign, as `v`.
public struct AndroidLinearStrategy: AndroidSnapStrategy {
    public static let about = android(
        name: "android-linear",
        summary: "Android's LinearSnapHelper: as many cards as the fling would travel, from the one nearest the centre"
    )

    public let options: AndroidSnapOptions

    public init(options: AndroidSnapOptions) { self.options = options }

    /// From the card nearest the centre, `round_half_up(D / per)` cards on,
    /// `D` the fling's distance (rounded, as `Scroller.getFinalX`) and `per`
    /// the laid-out cards' extent over their count; a jump of 0 is a plain fling.
    public func target(_ cards: RecyclerCards, at x: Double, velocity: Double) -> Int? {
        let current = cards.centreCard(at: x)
        let distance = cards.splineDistance(velocity).rounded() * (velocity < 0 ? -1 : 1)
        let laid = cards.laidOut(at: x)
        let extent = (cards.run.lead + Double(laid.upperBound) * cards.pitch + cards.run.firstSize + cards.run.spacing / 2)
            - (cards.run.lead + Double(laid.lowerBound) * cards.pitch - cards.run.spacing / 2)
        let per = extent / Double(laid.count)
        // Held to the cards there are before it becomes an Int.
        let count = Double(cards.run.count)
        let jumpValue = per > 0 ? (distance / per + 0.5).rounded(.down) : 0
        let jump = jumpValue.isFinite ? Int(min(max(jumpValue, -count), count)) : 0
        return jump == 0 ? nil : min(max(current + jump, 0), cards.run.count - 1)
    }
}
