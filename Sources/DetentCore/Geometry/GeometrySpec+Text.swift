extension GeometrySpec {
    /// The value of geometry key `key` as the text encoding writes it, or
    /// nil when it was not given (or `key` is not a geometry key).
    public func text(_ key: Key) -> String? {
        func n(_ value: Double?) -> String? { value.map { NumberFormat.string($0) } }
        func list(_ values: [Double]?) -> String? { values.map { $0.map { NumberFormat.string($0) }.joined(separator: ",") } }
        switch key {
        case .viewport: return n(viewport)
        case .item: return n(item)
        case .count: return count.map(String.init)
        case .sizes: return list(sizes)
        case .points: return list(points)
        case .spacing: return n(spacing)
        case .lead: return n(lead)
        case .trail: return n(trail)
        case .align: return align?.rawValue
        case .contain: return contain?.rawValue
        case .index: return n(index)
        case .axis: return axis?.rawValue
        case .loop: return loop.map { $0 ? "1" : "0" }
        default: return nil
        }
    }
}
