/// A session's geometry as `open` and `layout` check it: the strategy's
/// layout of the snaps, and an `index` among the items.
extension Session {
    static func makeLayout(_ spec: GeometrySpec, plugin: Plugin, maxItems: Int) throws(ProtocolError) -> Layout {
        let strategy = plugin.strategy
        let geometry = try Geometry(spec, defaultAlign: strategy.common.align)
        try strategy.check(geometry)
        let snaps = try strategy.snaps(for: geometry, maxItems: maxItems)
        return Layout(geometry: geometry, snaps: snaps)
    }

    static func checkedIndex(_ index: Double?, in geometry: Geometry) throws(ProtocolError) -> Int? {
        guard let index else { return nil }
        guard index >= 0, index < Double(geometry.itemCount) else {
            throw ProtocolError(.badValue, "index: \(NumberFormat.string(index)) is outside the items 0...\(geometry.itemCount - 1)")
        }
        return Int(index)
    }
}
