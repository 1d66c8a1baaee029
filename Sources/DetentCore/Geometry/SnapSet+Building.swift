extension SnapSet {
    /// Puts ascending offsets through `contain` (docs/strategies.md, "contain"):
    /// below 0 becomes 0 and equal ones collapse; `trim` clamps into
    /// `[0, M]`; `pad` keeps the first offset at or past `M` as the last and
    /// reports how far past `M` it is.
    public static func contained(_ raw: [Double], contain: Contain, maxOffset m: Double) -> (offsets: [Double], pad: Double?) {
        var out: [Double] = []
        out.reserveCapacity(raw.count)
        var pad: Double? = contain == .pad ? 0 : nil
        for offset in raw {
            var value = max(0, offset)
            var last = false
            if value >= m - Tolerance.length {
                switch contain {
                case .trim:
                    value = m
                case .pad:
                    if Tolerance.same(value, m) { value = m }
                    pad = value - m
                }
                last = true
            }
            if let previous = out.last, Tolerance.same(previous, value) {
                // Equal offsets collapse into the first.
            } else {
                out.append(value)
            }
            if last { break }
        }
        return (out, pad)
    }

    /// Snaps at the items' aligned offsets, each reporting its nearest item.
    public static func items(_ run: ItemRun, align: Align, viewport: Double, contain: Contain) -> SnapSet {
        var raw: [Double] = []
        raw.reserveCapacity(run.count)
        for i in 0..<run.count { raw.append(run.alignedOffset(i, align: align, viewport: viewport)) }
        let m = max(0, run.contentLength - viewport)
        return at(offsets: raw, of: run, align: align, viewport: viewport, contain: contain, maxOffset: m)
    }

    /// Snaps at arbitrary ascending offsets over items (page strategies), each
    /// reporting the item whose unclamped aligned offset is nearest it.
    public static func at(
        offsets raw: [Double], of run: ItemRun, align: Align, viewport: Double, contain: Contain, maxOffset m: Double
    ) -> SnapSet {
        let (offsets, pad) = contained(raw, contain: contain, maxOffset: m)
        let indexes = offsets.map { run.nearestItem(to: $0, align: align, viewport: viewport) }
        return SnapSet(offsets: offsets, indexes: indexes, pad: pad, lowerEnd: 0, upperEnd: m + (pad ?? 0))
    }

    /// A loop of uniform items (seed 004): `count + 4` physical items, the
    /// last two, all, the first two; offsets unclamped; each snap reports
    /// its logical index `(p - 2) mod count`.
    public static func loop(_ run: ItemRun, align: Align, viewport: Double) -> SnapSet {
        let count = run.count
        let physical = ItemRun(uniform: run.firstSize, count: count + 2 * loopDuplicates,
                               spacing: run.spacing, lead: run.lead, trail: run.trail)
        let offsets = (0..<physical.count).map { physical.alignedOffset($0, align: align, viewport: viewport) }
        let indexes = (0..<physical.count).map { (($0 - loopDuplicates) % count + count) % count }
        return SnapSet(offsets: offsets, indexes: indexes, pad: nil, lowerEnd: -.infinity, upperEnd: .infinity, loopCount: count)
    }

    /// A geometry's snaps: `points` as given, items as `build` makes them
    /// (strategies with snaps of their own).
    public static func of<E: Error>(_ geometry: Geometry, items build: (ItemRun) throws(E) -> SnapSet) throws(E) -> SnapSet {
        switch geometry.content {
        case .points(let points): return .points(points)
        case .items(let run): return try build(run)
        }
    }

    /// A `points` geometry: the points are the snaps, each its own index.
    public static func points(_ points: [Double]) -> SnapSet {
        SnapSet(offsets: points, indexes: Array(points.indices), pad: nil,
                lowerEnd: points[0], upperEnd: points[points.count - 1])
    }
}
