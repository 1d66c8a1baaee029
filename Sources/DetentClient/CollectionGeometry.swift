import DetentCore

/// The geometry of a paged collection, as `open` and `layout` send it.
public struct CollectionGeometry: Sendable, Equatable {
    /// What the snaps come from.
    public enum Items: Sendable, Equatable {
        /// `count` items of one length.
        case uniform(size: Double, count: Int)
        /// Each item's length.
        case sizes([Double])
        /// Explicit snap offsets (sheet detents).
        case points([Double])
    }

    public var viewport: Double
    public var items: Items
    public var spacing: Double?
    public var lead: Double?
    public var trail: Double?
    public var align: Align?
    public var contain: Contain?
    public var index: Int?
    public var axis: Axis?
    public var loop: Bool?

    public init(viewport: Double, items: Items, spacing: Double? = nil, lead: Double? = nil, trail: Double? = nil,
                align: Align? = nil, contain: Contain? = nil, index: Int? = nil, axis: Axis? = nil, loop: Bool? = nil) {
        self.viewport = viewport
        self.items = items
        self.spacing = spacing
        self.lead = lead
        self.trail = trail
        self.align = align
        self.contain = contain
        self.index = index
        self.axis = axis
        self.loop = loop
    }

    /// The geometry keys as a request carries them.
    public var spec: GeometrySpec {
        var g = GeometrySpec()
        g.viewport = viewport
        switch items {
        case .uniform(let size, let count):
            g.item = size
            g.count = count
        case .sizes(let sizes): g.sizes = sizes
        case .points(let points): g.points = points
        }
        g.spacing = spacing
        g.lead = lead
        g.trail = trail
        g.align = align
        g.contain = contain
        g.index = index.map(Double.init)
        g.axis = axis
        g.loop = loop
        return g
    }

    /// The geometry keys in protocol text (`viewport=375 item=343 count=5`).
    public var fields: String { String(RequestEncoder.fields(spec).dropFirst()) }

    /// Sets the request's geometry keys (the generated `open` and `layout`).
    public func apply(to fields: inout RequestFields) { fields.geometry = spec }
}

/// The client's value for the description's `geometry` group of keys.
public typealias GeometryGroup = CollectionGeometry
