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
    public var geometry = GeometrySpec()

    public init(verb: Verb, encoding: Encoding) {
        self.verb = verb
        self.encoding = encoding
    }
}
