/// What Android's two snap helpers share (`android-pager`,
/// `android-linear`): their options, the layouts they page (centred
/// uniform cards), whole-pixel rests, and `SnapHelper.onFling`'s frame:
/// under the gates a plain fling (or none) and the idle snap; above them
/// the helper's card, centred by a smooth scroll, or a plain fling when
/// it picks none. A helper states only how it picks the card.
public protocol AndroidSnapStrategy: BuiltInStrategy where Options == AndroidSnapOptions {
    /// `findTargetSnapPosition`: the card to centre, or nil for a plain fling.
    func target(_ cards: RecyclerCards, at x: Double, velocity: Double) -> Int?
}

extension AndroidSnapStrategy {
    /// A helper's description: what both page (centred uniform cards,
    /// `align` fixed) and their whole-pixel rests (635, not 634.5).
    static func android(name: String, summary: String) -> StrategyDescription {
        StrategyDescription(name: name, summary: summary, layouts: LayoutSupport(uniformOnly: true, align: .center, pads: false),
                            restingTolerance: 1, fixedAlign: true, commonDefaults: AndroidSnapOptions.commonDefaults)
    }
    public static var declaredOptions: [OptionBinding<AndroidSnapOptions>] { [.density(\.density)] }

    public func decide(_ release: Release, layout: Layout, from k0: Int) -> Choice {
        let cards = RecyclerCards(layout, density: options.density)
        let x = cards.offset(release.x)
        let velocity = cards.flingVelocity(release.v)
        guard cards.asksHelper(velocity), let target = target(cards, at: x, velocity: velocity) else {
            return cards.plainFling(velocity, from: x)
        }
        return .free(cards.centring(target, from: x), .decelerate)
    }
}
