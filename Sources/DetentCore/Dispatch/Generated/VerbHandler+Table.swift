// Generated from protocol/detent-protocol.json by protocol/generate
// (protocol/generators/swift.py); do not edit: change the description and run protocol/generate.

extension VerbHandler {
    /// Each verb's handler, in `Verb.all` order: `ConnectionVerbs` or
    /// `SessionVerbs` by its scope, named as the verb.
    static let table: [VerbHandler] = [
        .connection(ConnectionVerbs.hello),
        .connection(ConnectionVerbs.ping),
        .connection(ConnectionVerbs.plugins),
        .connection(ConnectionVerbs.`open`),
        .session(SessionVerbs.layout),
        .session(SessionVerbs.begin),
        .session(SessionVerbs.move),
        .session(SessionVerbs.`end`),
        .session(SessionVerbs.cancel),
        .session(SessionVerbs.goto),
        .session(SessionVerbs.autoplay),
        .connection(ConnectionVerbs.close),
        .connection(ConnectionVerbs.stats),
        .connection(ConnectionVerbs.quit),
        .session(SessionVerbs.wheel),
        .session(SessionVerbs.scroll),
        .session(SessionVerbs.step),
        .session(SessionVerbs.scrollby),
    ]
}
