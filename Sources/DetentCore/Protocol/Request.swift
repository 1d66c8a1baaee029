/// A request, typed per verb: what a verb needs is there, so nothing reaches
/// the dispatcher missing (detent-protocol(7), "Verbs"). Both parsers
/// (`FastLine` and `LineSyntax` with `RequestDecoder`) build it from
/// `RequestFields`, the one place fields become a command.
public struct Request: Sendable, Equatable {
    public var encoding: Encoding
    /// Echoed unchanged in the reply.
    public var id: RequestID?
    public var command: Command

    public init(encoding: Encoding, id: RequestID?, command: Command) {
        self.encoding = encoding
        self.id = id
        self.command = command
    }

    public var verb: Verb { command.verb }

    /// The session a session verb names.
    public var session: String? {
        if case .session(let name, _) = command { return name }
        return nil
    }
}
