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
    public static let declaredOptions: [OptionBinding<Options>] = [
        .choice("snapType", \.snapType),
        .number("proximity", \.proximity, "> 0 (points)", absent: "viewport/3") { $0 > 0 },
        .choice("stop", \.stop),
    ]

    public struct Options: StrategyOptions {
        public var snapType = SnapType.mandatory
        /// How far from the target a snap may be and still be snapped to;
        /// nil means a third of the viewport (Chromium's ratio).
        public var proximity: Double?
        public var stop = Stop.normal
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
