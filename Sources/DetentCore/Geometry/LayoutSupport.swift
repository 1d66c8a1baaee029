/// What geometries a strategy pages, stated as data: the check that
/// refuses the others (`unsupported-layout`), and what tests adapt random
/// geometries by (`adapt`, in DetentTestSupport).
public struct LayoutSupport: Sendable, Equatable {
    /// Uniform items (`item` + `count`) only, not `sizes` or `points`.
    public var uniformOnly: Bool
    /// The one alignment it pages, when it pages only one.
    public var align: Align?
    /// Whether it pages loops (`loop=1`).
    public var loops: Bool
    /// Whether it takes `contain=pad` (the others bound their snaps their own way).
    public var pads: Bool

    public init(uniformOnly: Bool = false, align: Align? = nil, loops: Bool = false, pads: Bool = true) {
        self.uniformOnly = uniformOnly
        self.align = align
        self.loops = loops
        self.pads = pads
    }

    /// Refuses a geometry outside what the strategy pages.
    public func check(_ geometry: Geometry, strategy name: String) throws(ProtocolError) {
        if uniformOnly, geometry.items?.isUniform != true {
            throw ProtocolError(.unsupportedLayout, "strategy \(name) pages uniform items only (item+count, not sizes or points)")
        }
        if let align, geometry.align != align {
            throw ProtocolError(.unsupportedLayout, "strategy \(name) only aligns items at their \(align.rawValue) (align=\(align.rawValue))")
        }
        if geometry.contain == .pad, !pads {
            throw ProtocolError(.unsupportedLayout, "strategy \(name) bounds its snaps its own way: contain=pad is not for it")
        }
        if geometry.loop, !loops {
            throw ProtocolError(.unsupportedLayout, "strategy \(name) cannot loop (loop=1 needs carousel)")
        }
    }
}
