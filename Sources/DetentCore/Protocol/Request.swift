/// A request: its verb and the values of its keys, each already of its
/// type and range, with every key the verb requires present (both parsers,
/// `FastLine` and `LineSyntax` with `RequestDecoder`, check before they
/// build one; detent-protocol(7), "Verbs").
public struct Request: Sendable, Equatable {
    public var encoding: Encoding
    public var verb: Verb
    public var fields: RequestFields
    /// `x` and `v` as `FastLine` read them, for the reply to copy.
    public var echo = DecimalEcho()

    /// Refuses a request without a key its verb requires (`missing-key`):
    /// the last guard, whichever parser forgot it.
    public init(_ verb: Verb, _ fields: RequestFields, encoding: Encoding = .text) throws(ProtocolError) {
        for key in verb.requiredKeys where !fields.has(key) {
            throw RequestFields.missing(key, verb)
        }
        self.init(checked: verb, fields, encoding: encoding)
    }

    /// A request whose required keys its parser has checked (`FastLine`'s
    /// masks).
    init(checked verb: Verb, _ fields: RequestFields, encoding: Encoding, echo: DecimalEcho = DecimalEcho()) {
        self.encoding = encoding
        self.verb = verb
        self.fields = fields
        self.echo = echo
    }

    /// The same request, however it was read (`echo` is only a shortcut).
    public static func == (a: Request, b: Request) -> Bool {
        a.encoding == b.encoding && a.verb == b.verb && a.fields == b.fields
    }

    /// Echoed unchanged in the reply.
    public var id: RequestID? { fields.id }
    /// The session a session verb names.
    public var session: String? { fields.session }
}
