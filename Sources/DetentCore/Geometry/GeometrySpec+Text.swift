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
        case .snapstop: return list(snapstop)
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

    /// Sets geometry key `key` from a value the parsers checked against
    /// its spec (its kind and rule); a count below 1 is kept as 0, judged
    /// with the rest (`bad-layout`).
    mutating func set(_ key: Key, _ value: KeyValue) {
        switch (key, value) {
        case (.viewport, .number(let n)): viewport = n
        case (.item, .number(let n)): item = n
        // The parsers bound it by limits.maxItems; a caller's own may be any double.
        case (.count, .number(let n)): count = n >= 1 ? Int(min(n, Double(Int32.max))) : 0
        case (.sizes, .numbers(let list)): sizes = list
        case (.points, .numbers(let list)): points = list
        case (.snapstop, .numbers(let list)): snapstop = list
        case (.spacing, .number(let n)): spacing = n
        case (.lead, .number(let n)): lead = n
        case (.trail, .number(let n)): trail = n
        case (.align, .text(let word)): align = Align(rawValue: word)
        case (.contain, .text(let word)): contain = Contain(rawValue: word)
        case (.index, .number(let n)): index = n
        case (.axis, .text(let word)): axis = Axis(rawValue: word)
        case (.loop, .boolean(let flag)): loop = flag
        default: break
        }
    }
}
