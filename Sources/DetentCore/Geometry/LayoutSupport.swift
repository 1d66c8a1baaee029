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
    /// Whether it pages whole viewports only: `item` equal to `viewport`,
    /// no `lead` or `trail` (a toolkit's pager, whose pages sit at
    /// `i * (item + spacing)`).
    public var pagesOnly: Bool
    /// Whether `align` is refused (a pager whose pages have no alignment).
    public var refusesAlign: Bool

    public init(
        uniformOnly: Bool = false, align: Align? = nil, loops: Bool = false, pads: Bool = true, pagesOnly: Bool = false,
        refusesAlign: Bool = false
    ) {
        self.refusesAlign = refusesAlign
        self.uniformOnly = uniformOnly || pagesOnly
        self.align = align
        self.loops = loops
        self.pads = pads && !pagesOnly
        self.pagesOnly = pagesOnly
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
        if pagesOnly, let run = geometry.items {
            if run.firstSize != geometry.viewport {
                throw ProtocolError(.unsupportedLayout, "strategy \(name) pages whole viewports: item must equal viewport (item=\(NumberFormat.string(run.firstSize)), viewport=\(NumberFormat.string(geometry.viewport)))")
            }
            if run.lead != 0 || run.trail != 0 {
                throw ProtocolError(.unsupportedLayout, "strategy \(name) puts its pages at i * (item + spacing): lead and trail must be 0")
            }
        }
        if refusesAlign, geometry.alignGiven {
            throw ProtocolError(.unsupportedLayout, "strategy \(name) pages whole viewports: align has no meaning for it")
        }
        if geometry.loop, !loops {
            throw ProtocolError(.unsupportedLayout, "strategy \(name) cannot loop (loop=1 needs carousel)")
        }
    }
}
