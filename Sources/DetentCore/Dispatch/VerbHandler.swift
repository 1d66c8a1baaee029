/// What performs a verb. A connection's verb sees the connection and the
/// server; a session's verb sees the open session its `s` names (the
/// dispatcher finds it, or refuses with `unknown-session`). Either appends
/// its reply and says what the connection must do besides. `table`
/// (generated) holds one per verb, by the verb's scope and name.
enum VerbHandler: Sendable {
    typealias OnConnection = @Sendable (Request, inout ConnectionState, ServerState, ReplyBuffer) throws(ProtocolError) -> LineEffect
    typealias OnSession = @Sendable (Request, inout Session, ServerState, ReplyBuffer) throws(ProtocolError) -> LineEffect

    case connection(OnConnection)
    case session(OnSession)
}

extension Verb {
    /// What performs it.
    var handler: VerbHandler { VerbHandler.table[Int(row)] }
}
