/// Holds a request's geometry keys on the heap (see `RequestFields.geometry`).
final class GeometryBox: @unchecked Sendable {
    var spec: GeometrySpec

    init(_ spec: GeometrySpec) { self.spec = spec }
}
