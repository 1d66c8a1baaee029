/// `nearest`: the snap nearest where the momentum would stop (seed 002,
/// "分页较小"; CSS scroll snap), with CSS's `proximity` and
/// `scroll-snap-stop: always` as options.
public struct NearestStrategy: BuiltInStrategy {
    /// CSS `scroll-snap-type`.
    public enum SnapType: String, Sendable, CaseIterable {
        case mandatory, proximity
    }

    /// CSS `scroll-snap-stop`.
    public enum Stop: String, Sendable, CaseIterable {
        /// Any snap may be passed over.
        case normal
        /// Never pass over a snap: at most one per drag.
        case always
    }

    /// The seed sets UIKit's fast rate.
    public static let about = StrategyDescription(
        name: "nearest",
        summary: "the snap nearest where the momentum would stop, as CSS scroll snap (seed 002)",
        commonDefaults: CommonOptions(decelerationRate: 0.99)
    )
    static let snapType = OptionSpec<SnapType>.choice("snapType", default: .mandatory)
    /// nil: a third of the viewport (Chromium's ratio).
    static let proximity = OptionSpec<Double?>("proximity", default: nil, rule: "> 0 (points)", parse: { json in
        guard case .number(let number, _) = json, number.isFinite else { return .failure(OptionProblem("must be a number, > 0 (points)")) }
        guard number > 0 else { return .failure(OptionProblem("\(NumberFormat.string(number)) is out of range: must be > 0 (points)")) }
        return .success(number)
    }, show: { $0.map(NumberFormat.string) ?? "viewport/3" })
    static let stop = OptionSpec<Stop>.choice("stop", default: .normal)
    public static let declaredOptions: [OptionBinding<Options>] = [
        .init(NearestStrategy.snapType, \.snapType),
        .init(NearestStrategy.proximity, \.proximity),
        .init(NearestStrategy.stop, \.stop),
    ]

    public struct Options: StrategyOptions {
        public var snapType = NearestStrategy.snapType.defaultValue
        /// How far from the target a snap may be and still be snapped to;
        /// nil means a third of the viewport.
        public var proximity = NearestStrategy.proximity.defaultValue
        public var stop = NearestStrategy.stop.defaultValue
        public var common = NearestStrategy.about.commonDefaults

        public init() {}
    }

    public let options: Options

    public init(options: Options) { self.options = options }

    /// The snap nearest `T`, lower on a tie (the seed moves on only past
    /// half a page); `stop=always` holds it to one snap from `k0`. With
    /// `proximity`, a snap farther than the limit from `T` is not snapped
    /// to: the collection rests at `T`.
    public func decide(_ release: Release, layout: Layout, from k0: Int) -> Choice {
        let snaps = layout.snaps
        var k = snaps.nearest(to: release.target)
        if options.stop == .always { k = snaps.clamp(min(max(k, k0 - 1), k0 + 1)) }
        if options.snapType == .proximity {
            let limit = options.proximity ?? layout.geometry.viewport / 3
            if abs(snaps.offsets[k] - release.target) > limit + Tolerance.length {
                return .free(release.target, .decelerate)
            }
        }
        return .snap(k, .decelerate)
    }
}
