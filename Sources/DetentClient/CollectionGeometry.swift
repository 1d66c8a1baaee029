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

    /// The geometry keys in protocol text (`viewport=375 item=343 count=5`).
    public var fields: String {
        func n(_ value: Double) -> String { NumberFormat.string(value) }
        var out = "viewport=\(n(viewport))"
        switch items {
        case .uniform(let size, let count): out += " item=\(n(size)) count=\(count)"
        case .sizes(let sizes): out += " sizes=" + sizes.map(n).joined(separator: ",")
        case .points(let points): out += " points=" + points.map(n).joined(separator: ",")
        }
        if let spacing { out += " spacing=\(n(spacing))" }
        if let lead { out += " lead=\(n(lead))" }
        if let trail { out += " trail=\(n(trail))" }
        if let align { out += " align=\(align.rawValue)" }
        if let contain { out += " contain=\(contain.rawValue)" }
        if let index { out += " index=\(index)" }
        if let axis { out += " axis=\(axis.rawValue)" }
        if let loop { out += " loop=\(loop ? 1 : 0)" }
        return out
    }
}
