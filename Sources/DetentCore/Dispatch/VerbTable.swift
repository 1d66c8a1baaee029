extension Verb {
    /// The verbs of detent-protocol(7), "Verbs": each one's name, the keys
    /// it takes and needs, and its handler. Adding a verb is one entry here,
    /// its handler, the man page and the conformance corpus
    /// (`VerbTableTests` counts it).
    public static let all: [Verb] = [
        Verb("hello", takes: [.client], .connection(ConnectionVerbs.hello)),
        Verb("ping", takes: [], .connection(ConnectionVerbs.ping)),
        Verb("plugins", takes: [], .connection(ConnectionVerbs.plugins)),
        Verb("open", takes: [.s, .plugin] + Key.geometry, needs: [.s, .viewport], .connection(ConnectionVerbs.open)),
        Verb("layout", takes: [.s] + Key.geometry, needs: [.s, .viewport], .session(SessionVerbs.layout)),
        Verb("begin", takes: [.s, .x, .t], needs: [.s, .x], .session(SessionVerbs.begin)),
        Verb("move", takes: [.s, .x, .t], needs: [.s, .x], .session(SessionVerbs.move)),
        Verb("end", takes: [.s, .x, .v, .target, .t], needs: [.s, .x], .session(SessionVerbs.end)),
        Verb("cancel", takes: [.s], needs: [.s], .session(SessionVerbs.cancel)),
        Verb("goto", takes: [.s, .index, .x], needs: [.s, .index], .session(SessionVerbs.goto)),
        Verb("autoplay", takes: [.s, .every], needs: [.s, .every], .session(SessionVerbs.autoplay)),
        Verb("close", takes: [.s], needs: [.s], .connection(ConnectionVerbs.close)),
        Verb("stats", takes: [], .connection(ConnectionVerbs.stats)),
        Verb("quit", takes: [], .connection(ConnectionVerbs.quit)),
    ]
}
