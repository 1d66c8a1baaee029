/// `flick`: the nearest card, and a flick faster than `flickVelocity` moves
/// one card on (seed 000's `scrollViewWillEndDragging`). The seed divides by
/// the item width alone; this uses the real snaps, spacing and insets
/// included, which is what the seed meant.
public struct FlickStrategy: BuiltInStrategy {
    public static let about = StrategyDescription(
        name: "flick",
        summary: "the card nearest the release; a flick faster than flickVelocity moves one on (seed 000)",
        commonDefaults: CommonOptions(align: .center)
    )
    public static let declaredOptions: [OptionBinding<Options>] = [
        .number("flickVelocity", \.flickVelocity, ">= 0 (pt/ms)") { $0 >= 0 },
    ]

    public struct Options: StrategyOptions {
        public var flickVelocity = 1.0
        public var common = FlickStrategy.about.commonDefaults

        public init() {}
    }

    public let options: Options

    public init(options: Options) { self.options = options }

    /// The snap nearest `x` (the seed's `lroundf`: a tie goes higher); if that
    /// is where the drag started, a flick moves one on. The seed cancels the
    /// momentum and scrolls to the item: `animate`.
    public func decide(_ release: Release, layout: Layout, from k0: Int) -> Choice {
        let snaps = layout.snaps
        var n = snaps.nearest(to: release.x, tieGoesHigher: true)
        if n == k0 {
            if release.v > options.flickVelocity {
                n += 1
            } else if release.v < -options.flickVelocity {
                n -= 1
            }
        }
        return .snap(n, .animate)
    }
}
