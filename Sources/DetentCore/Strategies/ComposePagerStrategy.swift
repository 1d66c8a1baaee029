#if canImport(Glibc)
import Glibc
#endif

/// `compose-pager`: Jetpack Compose's `HorizontalPager` with its default
/// fling (Compose 1.9–1.10: `PagerDefaults.flingBehavior`,
/// `PagerSnapLayoutInfoProvider.kt`, `SnapFlingBehavior.kt`, and the
/// `OverScroller` spline of `SplineBasedDecay`). Compose measures the
/// finger; `x` and `v` here are the content's, and its "forward" is the
/// content's offset growing. 1 pt = 1 dp.
public struct ComposePagerStrategy: BuiltInStrategy {
    public static let about = StrategyDescription(
        name: "compose-pager",
        summary: "Jetpack Compose's HorizontalPager: a fling to the next page bound, else a positional threshold",
        layouts: LayoutSupport(uniformOnly: true, pads: false),
        reportsPage: true
    )
    public static let declaredOptions: [OptionBinding<Options>] = [
        .number("pages", \.pages, "a whole number >= 1 (PagerSnapDistance.atMost)") { $0 >= 1 && $0 == $0.rounded() && $0 <= 10_000 },
        .number("snapPositionalThreshold", \.snapPositionalThreshold, "between 0 and 1") { $0 >= 0 && $0 <= 1 },
        .number("touchSlop", \.touchSlop, ">= 0 (dp)") { $0 >= 0 },
        .density(\.density),
    ]

    /// `MinFlingVelocityDp`, dp/s.
    static let minFlingVelocity = 400.0
    /// `maximumFlingVelocity`, dp/s.
    static let maxFlingVelocity = 8000.0
    /// `DefaultPositionThreshold`, dp.
    static let positionThreshold = 56.0

    public struct Options: StrategyOptions {
        public var pages = 1.0
        public var snapPositionalThreshold = 0.5
        public var touchSlop = 8.0
        public var density = 1.0
        public var common = ComposePagerStrategy.about.commonDefaults

        public init() {}
    }

    public let options: Options

    public init(options: Options) { self.options = options }

    /// `SnapFlingBehavior`: an approach by decay to one page short of the
    /// target (only with `pages >= 2`), then the bound the velocity left
    /// (or the drag) picks.
    public func decide(_ release: Release, layout: Layout, from k0: Int) -> Choice {
        guard let run = layout.geometry.items else { return .snap(layout.snaps.nearest(to: release.x), .animate) }
        let pager = Pages(run: run, geometry: layout.geometry)
        let m = layout.geometry.maxOffset
        let d = options.density
        let velocity = min(max(release.v * 1000, -Self.maxFlingVelocity * d), Self.maxFlingVelocity * d)
        let travel = release.x - layout.snaps.offsets[k0]
        let g = travel + (travel > 0 ? 1 : travel < 0 ? -1 : 0) * options.touchSlop * d
        var x = min(max(release.x, 0), m)
        var left = velocity
        let approach = self.approach(velocity, pager: pager, at: x)
        if approach != 0 {
            x = min(max(x + approach, 0), m)
            left = FlingSpline.velocity(covering: (decayDistance(velocity) - abs(approach)) / d) * d * (velocity < 0 ? -1 : 1)
        }
        let (lower, upper) = pager.bounds(at: x)
        let forward = g >= 0
        let chosen: Double
        if abs(left) >= Self.minFlingVelocity * d {
            chosen = left > 0 ? upper : lower
        } else {
            let f = g / run.firstSize
            let fraction = f - f.rounded(.towardZero)
            if abs(fraction) > options.snapPositionalThreshold {
                chosen = forward ? upper : lower
            } else if abs(g) >= min(Self.positionThreshold * d, run.firstSize / 2) {
                chosen = forward ? lower : upper
            } else {
                chosen = abs(lower - x) < abs(upper - x) ? lower : upper
            }
        }
        return .snap(layout.snaps.nearest(to: chosen), approach != 0 ? .decelerate : .animate)
    }

    /// The spline's distance in points for a velocity in points per second
    /// (the spline works in dp).
    func decayDistance(_ velocity: Double) -> Double {
        FlingSpline.distance(velocity / options.density) * options.density
    }

    /// `calculateApproachOffset`: from the first visible page (+1 flinging
    /// back), as many pages as the decay covers, at most `pages`; the
    /// approach stops one page short of that.
    func approach(_ velocity: Double, pager: Pages, at x: Double) -> Double {
        guard velocity != 0 else { return 0 }
        let decay = decayDistance(velocity) * (velocity < 0 ? -1 : 1)
        let start = pager.firstVisible(at: x) + (velocity < 0 ? 1 : 0)
        let inDecay = (decay / pager.pitch).rounded(.towardZero)
        let count = Double(pager.count)
        let target = min(max(Double(start) + inDecay, 0), count)
        let corrected = min(max(min(max(target, Double(start) - options.pages), Double(start) + options.pages), 0), count)
        let proposed = (corrected - Double(start)) * pager.pitch
        let offset = max(abs(proposed) - pager.pitch, 0)
        return offset == 0 ? 0 : offset * (velocity < 0 ? -1 : 1)
    }

    /// The pager's pages as Compose lays them out: page `i` at
    /// `lead + i × pitch` in the content, its snap its aligned offset
    /// clamped into `[0, M]`.
    struct Pages {
        let run: ItemRun
        let geometry: Geometry
        var pitch: Double { run.firstSize + run.spacing }
        var count: Int { run.count }

        /// `firstVisiblePage`: the first page ending past the viewport's start.
        func firstVisible(at x: Double) -> Int {
            // A guess from the pitch, held to the pages before it becomes an Int.
            let guess = ((x - run.lead - run.firstSize) / pitch).rounded(.down)
            var i = guess.isFinite ? Int(min(max(guess, 0), Double(count - 1))) : 0
            while i > 0, run.lead + Double(i - 1) * pitch + run.firstSize > x { i -= 1 }
            while i < count - 1, run.lead + Double(i) * pitch + run.firstSize <= x { i += 1 }
            return i
        }

        /// `searchForSnappingBounds`: of the visible pages, the snap at or
        /// before `x` and the one at or after (a missing one copies the other).
        func bounds(at x: Double) -> (lower: Double, upper: Double) {
            var lower = -Double.infinity
            var upper = Double.infinity
            var i = firstVisible(at: x)
            while i < count, run.lead + Double(i) * pitch < x + geometry.viewport {
                let snap = min(max(run.alignedOffset(i, align: geometry.align, viewport: geometry.viewport), 0), geometry.maxOffset)
                if snap <= x + Tolerance.length { lower = max(lower, snap) }
                if snap >= x - Tolerance.length { upper = min(upper, snap) }
                i += 1
            }
            if lower == -.infinity { lower = upper }
            if upper == .infinity { upper = lower }
            if lower == -.infinity { lower = x; upper = x }
            return (lower, upper)
        }
    }
}
