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
