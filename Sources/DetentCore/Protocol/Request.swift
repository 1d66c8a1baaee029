/// A request: its verb and the values of its keys, each already of its
/// type and range, with every key the verb requires present (both parsers,
/// `FastLine` and `LineSyntax` with `RequestDecoder`, check before they
/// build one; detent-protocol(7), "Verbs").
public struct Request: Sendable, Equatable {
    public var encoding: Encoding
    public var verb: Verb
    public var fields: RequestFields

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
    init(checked verb: Verb, _ fields: RequestFields, encoding: Encoding) {
        self.encoding = encoding
        self.verb = verb
        self.fields = fields
    }

    /// Echoed unchanged in the reply.
    public var id: RequestID? { fields.id }
    /// The session a session verb names.
    public var session: String? { fields.session }
}
