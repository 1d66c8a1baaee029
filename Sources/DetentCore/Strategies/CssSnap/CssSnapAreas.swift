/// The snap points Chromium computes for a row of snap areas
/// (cc/input/scroll_snap_data.cc, `SnapContainerData::GetSnapSearchResult`
/// and `SnapSearchResult::Clip`): each area aligned in the snapport (the
/// viewport less `scroll-padding`), clipped to `[0, max]`, duplicates after
/// clipping merged. For `open` with `sizes`/`item` (issue 42, section 1),
/// where the page did not send its own `points`.
extension CssSnapPoints {
    /// `scroll-snap-align` on the axis.
    public enum Align: Sendable { case start, center, end }

    /// The largest scroll offset of a row: `lead`, the sizes with `spacing`
    /// between, `trail`, less the viewport (0 when it all fits).
    public static func maxOffset(sizes: [Double], spacing: Double = 0, lead: Double = 0, trail: Double = 0,
                                 viewport: Double) -> Double {
        let content = lead + sizes.reduce(0, +) + spacing * Double(max(sizes.count - 1, 0)) + trail
        return max(content - viewport, 0)
    }

    /// The points of `sizes` laid out from `lead` with `spacing` between,
    /// aligned `align` in a `viewport` with `paddingStart`/`paddingEnd` of
    /// `scroll-padding`; `stops`: the areas (indexes into `sizes`) with
    /// `scroll-snap-stop: always`. Nil for no area, a size not > 0 or not
    /// finite, or a snapport with no room.
    public static func fromAreas(sizes: [Double], spacing: Double = 0, lead: Double = 0, trail: Double = 0,
                                 viewport: Double, align: Align, paddingStart: Double = 0, paddingEnd: Double = 0,
                                 stops: [Int] = []) -> CssSnapPoints? {
        guard !sizes.isEmpty, sizes.allSatisfy({ $0 > 0 && $0.isFinite }),
              [spacing, lead, trail, paddingStart, paddingEnd].allSatisfy({ $0 >= 0 && $0.isFinite }),
              viewport.isFinite, viewport - paddingStart - paddingEnd > 0 else { return nil }
        let top = maxOffset(sizes: sizes, spacing: spacing, lead: lead, trail: trail, viewport: viewport)
        let snapport = viewport - paddingStart - paddingEnd
        var edge = lead
        var raw: [Double] = []
        for size in sizes {
            let offset: Double
            switch align {
            case .start: offset = edge - paddingStart
            case .center: offset = edge + size / 2 - paddingStart - snapport / 2
            case .end: offset = edge + size - paddingStart - snapport
            }
            raw.append(min(max(offset, 0), top))
            edge += size + spacing
        }
        return CssSnapPoints(raw, stops: stops)
    }
}

extension CssSnapPoints {
    /// Item `i`'s point with no `scroll-padding`: its start, centre or end
    /// at the viewport's (`lead` and `trail` are the container's padding,
    /// part of the content), clipped to `[0, max]`.
    public static func point(of i: Int, in run: ItemRun, align: DetentCore.Align, viewport: Double) -> Double {
        let top = max(run.contentLength - viewport, 0)
        let start = run.start(i), size = run.size(i)
        let raw: Double
        switch align {
        case .start: raw = start
        case .center: raw = start + size / 2 - viewport / 2
        case .end: raw = start + size - viewport
        }
        return min(max(raw, 0), top)
    }

    /// The snaps of a row of items: their points, ascending, equal ones
    /// (within 1e-9) merged into the first item's.
    public static func snaps(_ run: ItemRun, align: DetentCore.Align, viewport: Double) -> SnapSet {
        var offsets: [Double] = [], indexes: [Int] = []
        offsets.reserveCapacity(run.count)
        indexes.reserveCapacity(run.count)
        for i in 0..<run.count {
            let p = point(of: i, in: run, align: align, viewport: viewport)
            if let last = offsets.last, Tolerance.same(last, p) { continue }
            offsets.append(p)
            indexes.append(i)
        }
        return SnapSet(offsets: offsets, indexes: indexes, pad: nil, lowerEnd: 0, upperEnd: max(run.contentLength - viewport, 0))
    }
}
