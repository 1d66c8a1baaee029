/// Chromium's choice of a snap point on one axis of a `scroll-snap-type:
/// mandatory` container (cc/input/snap_selection_strategy.cc and
/// cc/input/scroll_snap_data.cc, `SnapContainerData::FindClosestValidArea`),
/// as Tests/CssSnap/FACTS.md states it and the recordings confirm (232 of
/// 232 rests). Points are scroll offsets, already aligned and clipped to
/// `[0, max]` by the client (`GetSnapSearchResult`). Rules transcribed,
/// BSD-3-Clause: NOTICE.
public struct CssSnapPoints: Sendable, Equatable {
    /// The snap offsets, ascending, duplicates merged.
    public let points: [Double]
    /// Indexes into `points` of the areas with `scroll-snap-stop: always`.
    public let stops: Set<Int>

    /// Refuses what Chromium could not have produced: no point, a point
    /// not finite, or a snap-stop index outside `points`.
    public init?(_ points: [Double], stops: [Int] = []) {
        guard !points.isEmpty, points.allSatisfy(\.isFinite) else { return nil }
        guard stops.allSatisfy({ $0 >= 0 && $0 < points.count }) else { return nil }
        var merged: [Double] = []
        var map: [Int: Int] = [:]
        let order = points.indices.sorted { points[$0] < points[$1] }
        for i in order {
            if merged.last != points[i] { merged.append(points[i]) }
            map[i] = merged.count - 1
        }
        self.points = merged
        self.stops = Set(stops.compactMap { map[$0] })
    }

    /// The selection strategies (SnapSelectionStrategy's subclasses).
    public enum Strategy: Sendable, Equatable {
        /// EndPositionStrategy: the point closest to where the scroll ended
        /// (a precise wheel, a drag's end).
        case endPosition
        /// DirectionStrategy: the closest point strictly ahead of the
        /// current position in `step`'s direction (keys, a notch's end).
        case direction(step: Double)
        /// EndAndDirectionStrategy: the point closest to current +
        /// displacement on its side; respects `scroll-snap-stop`
        /// (`scrollBy`, a fling).
        case endAndDirection(displacement: Double)
    }

    /// The point `strategy` selects from `current`. `fractional`: whether
    /// offsets keep their fraction (the compositor's snaps: true; the main
    /// thread's, `scrollLeft` whole pixels: false, so a point less than
    /// 1 px ahead counts as reached, the delta being truncated for
    /// Direction and rounded for EndAndDirection).
    public func select(_ strategy: Strategy, from current: Double, fractional: Bool) -> Double {
        switch strategy {
        case .endPosition:
            return closest(to: current)
        case .direction(let step):
            let ahead = points.filter { Self.isAhead($0 - current, of: step, fractional ? .exact : .truncated) }
            return ahead.min { abs($0 - current) < abs($1 - current) } ?? closest(to: current)
        case .endAndDirection(let d):
            let intended = current + d
            let valid = points.filter { Self.isAhead($0 - current, of: d, fractional ? .exact : .rounded) }
            guard var best = valid.min(by: { abs($0 - intended) < abs($1 - intended) }) else {
                return closest(to: current)
            }
            // The snap-stop search: Direction with SnapStopAlwaysFilter::kRequire;
            // ClosestSearchResult keeps whichever is closer to `current`.
            let must = stops.map { points[$0] }
                .filter { Self.isAhead($0 - current, of: d, fractional ? .exact : .truncated) }
            if let stop = must.min(by: { abs($0 - current) < abs($1 - current) }),
               abs(stop - current) < abs(best - current) {
                best = stop
            }
            return best
        }
    }

    /// The relaxed EndPosition search (ties: the lower offset, the first).
    public func closest(to x: Double) -> Double {
        points.min { abs($0 - x) < abs($1 - x) }!
    }

    /// The index in `points` of a point `select` returned.
    public func index(of point: Double) -> Int? { points.firstIndex(of: point) }

    enum Rounding { case exact, truncated, rounded }

    /// Whether `delta` (point less current) lies strictly on `sign`'s side.
    static func isAhead(_ delta: Double, of sign: Double, _ rounding: Rounding) -> Bool {
        let d: Double
        switch rounding {
        case .exact: d = delta
        case .truncated: d = delta.rounded(.towardZero)
        case .rounded: d = delta.rounded()
        }
        return sign > 0 ? d > 0 : sign < 0 ? d < 0 : false
    }
}
