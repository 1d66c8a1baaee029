import DetentCore

extension LayoutSupport {
    /// A spec changed as little as possible into one this pages (tests).
    public func adapt(_ spec: GeometrySpec) -> GeometrySpec {
        var spec = spec
        if uniformOnly, spec.item == nil || spec.count == nil {
            spec.sizes = nil
            spec.points = nil
            spec.item = spec.item ?? 100
            spec.count = spec.count ?? 5
        }
        if pagesOnly {
            spec.item = spec.viewport
            spec.count = spec.count ?? spec.sizes?.count ?? spec.points?.count ?? 5
            spec.sizes = nil
            spec.points = nil
            spec.lead = nil
            spec.trail = nil
        }
        if let align { spec.align = align }
        if refusesAlign { spec.align = nil }
        if !loops { spec.loop = nil }
        if spec.loop == true || (!pads && spec.contain == .pad) { spec.contain = nil }
        return spec
    }
}
