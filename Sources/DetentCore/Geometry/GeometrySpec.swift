/// The geometry keys of an `open` or `layout` as sent, each already of the
/// right type and value range; `Geometry.init` judges them together.
public struct GeometrySpec: Sendable, Equatable {
    public var viewport: Double?
    public var item: Double?
    public var count: Int?
    public var sizes: [Double]?
    public var points: [Double]?
    /// `snapstop`: indexes into `points`, not yet checked.
    public var snapstop: [Double]?
    public var spacing: Double?
    public var lead: Double?
    public var trail: Double?
    public var align: Align?
    public var contain: Contain?
    /// Integral, range not yet checked (it is the last check of all).
    public var index: Double?
    public var axis: Axis?
    public var loop: Bool?

    public init() {}
}
