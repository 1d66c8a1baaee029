/// `adjacent`: large pages, one page per drag (seed 002, "分页较大"). The
/// half-page rule on the projected target, and momentum kept only for a
/// flick of at least `momentumVelocity`.
public struct AdjacentStrategy: BuiltInStrategy {
    public static let about = StrategyDescription(
        name: "adjacent",
        summary: "large pages, one per drag: past half a page on the projection moves one (seed 002)"
    )
    public static let declaredOptions: [OptionBinding<Options>] = [
        .number("momentumVelocity", \.momentumVelocity, ">= 0 (pt/ms)") { $0 >= 0 },
    ]

    public struct Options: StrategyOptions {
        public var momentumVelocity = 2.0
        public var common = AdjacentStrategy.about.commonDefaults

        public init() {}
    }

    public let options: Options

    public init(options: Options) { self.options = options }

    /// `moved = T - O[k0]`: past half the gap to a neighbour moves to it (a
    /// missing neighbour never wins); the seed keeps the momentum only for
    /// `|v| >= momentumVelocity`, else it stops and animates.
    public func decide(_ release: Release, layout: Layout, from k0: Int) -> Choice {
        let snaps = layout.snaps
        let o = snaps.offsets
        let moved = release.target - o[k0]
        var k = k0
        if k0 > 0, moved < -(o[k0] - o[k0 - 1]) / 2 - Tolerance.length {
            k = k0 - 1
        } else if k0 + 1 < o.count, moved > (o[k0 + 1] - o[k0]) / 2 + Tolerance.length {
            k = k0 + 1
        }
        return .snap(k, abs(release.v) >= options.momentumVelocity ? .decelerate : .animate)
    }
}
