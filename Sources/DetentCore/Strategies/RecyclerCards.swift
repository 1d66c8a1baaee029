/// A horizontal `RecyclerView` of uniform cards as androidx measures it,
/// for `android-pager` and `android-linear` (docs/strategies.md, "Android's
/// snap helpers"): `RecyclerView.fling`, `SnapHelper` (`onFling`,
/// `snapToTargetExistingView`, `findCenterView`), `OrientationHelper`, and
/// `OverScroller`'s spline (`FlingSpline`). Android's offsets and distances
/// are whole pixels; the spacing is a half-gap decoration on each side of a
/// card, the lead and trail are padding with `clipToPadding=false` (so the
/// container's centre is half its width).
public struct RecyclerCards {
    let run: ItemRun
    let viewport: Double
    let maxOffset: Double
    /// Points per px of Android's constants (the option `density`).
    let density: Double

    init(_ layout: Layout, density: Double) {
        // The strategies page uniform items only (their `layouts`).
        run = layout.geometry.items ?? ItemRun(uniform: layout.geometry.viewport, count: 1, spacing: 0, lead: 0, trail: 0)
        viewport = layout.geometry.viewport
        maxOffset = layout.geometry.maxOffset
        self.density = density
    }

    var pitch: Double { run.firstSize + run.spacing }

    /// The scroll offset Android has: whole pixels, within the content.
    func offset(_ x: Double) -> Double { min(max(x.rounded(), 0), maxOffset) }

    /// `distanceToCenter`: card `i`'s decorated centre minus the
    /// container's (with `clipToPadding=false`, half its width), at offset `x`.
    func distance(_ i: Int, at x: Double) -> Double {
        let start = run.lead + Double(i) * pitch - x - run.spacing / 2
        return start + Self.half(run.firstSize + run.spacing) - Self.half(viewport)
    }

    /// Half a length as Java's int division makes it (a length a hair under
    /// a whole pixel, from floating point, counts as that pixel).
    static func half(_ length: Double) -> Double {
        (length / 2 + 1e-7).rounded(.down)
    }

    /// The cards laid out at offset `x`: those whose decorated bounds meet the container.
    func laidOut(at x: Double) -> ClosedRange<Int> {
        let half = run.spacing / 2
        // A guess from the pitch, held to the cards before it becomes an Int.
        let guess = ((x - run.lead - run.firstSize - half) / pitch).rounded(.down)
        var first = guess.isFinite ? Int(min(max(guess, 0), Double(run.count - 1))) : 0
        while first < run.count - 1, run.lead + Double(first) * pitch + run.firstSize + half - x <= 0 { first += 1 }
        var last = first
        while last + 1 < run.count, run.lead + Double(last + 1) * pitch - half - x < viewport { last += 1 }
        return first...last
    }

    /// `findCenterView`: the laid-out card nearest the centre, the first on a tie.
    func centreCard(at x: Double) -> Int {
        var best = laidOut(at: x).lowerBound
        for i in laidOut(at: x) where abs(distance(i, at: x)) < abs(distance(best, at: x)) { best = i }
        return best
    }

    /// Where a smooth scroll that centres card `i` from `x` stops.
    func centring(_ i: Int, from x: Double) -> Double {
        min(max(x + distance(i, at: x), 0), maxOffset)
    }

    /// `RecyclerView.fling`'s velocity: px/s, within the maximum, truncated;
    /// 0 under the minimum (no fling).
    func flingVelocity(_ v: Double) -> Double {
        let velocity = min(max(v * 1000, -8000 * density), 8000 * density).rounded(.towardZero)
        return abs(velocity) < 50 * density ? 0 : velocity
    }

    /// Whether `SnapHelper.onFling` is asked: more than the minimum.
    func asksHelper(_ velocity: Double) -> Bool { abs(velocity) > 50 * density }

    /// The spline's distance for `velocity`, in points (the spline works in dp).
    func splineDistance(_ velocity: Double) -> Double {
        FlingSpline.distance(velocity / density) * density
    }

    /// A plain fling from `x` (whole pixels, stopping at the ends), then the
    /// idle snap that centres the card nearest the centre (`mode=animate`).
    func plainFling(_ velocity: Double, from x: Double) -> Choice {
        let travelled = splineDistance(velocity).rounded(.towardZero) * (velocity < 0 ? -1 : 1)
        let end = min(max(x + travelled, 0), maxOffset)
        return .free(centring(centreCard(at: end), from: end), .animate)
    }
}
