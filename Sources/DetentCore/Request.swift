/// A request whose every field has the right type and range. What needs the
/// connection (sessions, plugins) is judged by the dispatcher.
public struct Request: Sendable, Equatable {
    public var verb: Verb
    public var encoding: Encoding
    public var session: String?
    public var id: RequestID?
    public var client: String?
    public var plugin: String?
    public var x: Double?
    public var v: Double?
    public var target: Double?
    public var t: Double?
    public var every: Double?
    /// `goto`'s index: integral, range not yet checked.
    public var index: Double?

    /// The geometry keys of `open` and `layout`, boxed: a gesture request
    /// stays small to pass around (measured: copying it inline cost more
    /// than deciding).
    public var geometry: GeometrySpec {
        get { geometryBox?.spec ?? GeometrySpec() }
        set {
            if let box = geometryBox, isKnownUniquelyReferenced(&geometryBox) {
                box.spec = newValue
            } else {
                geometryBox = GeometryBox(newValue)
            }
        }
    }

    private var geometryBox: GeometryBox?

    /// Requests are equal when their fields are, the boxed geometry included.
    public static func == (a: Request, b: Request) -> Bool {
        a.verb == b.verb && a.encoding == b.encoding && a.session == b.session && a.id == b.id && a.client == b.client
            && a.plugin == b.plugin && a.x == b.x && a.v == b.v && a.target == b.target && a.t == b.t && a.every == b.every
            && a.index == b.index && a.geometry == b.geometry
    }

    public init(verb: Verb, encoding: Encoding) {
        self.verb = verb
        self.encoding = encoding
    }
}
