extension Verb {
    /// The verbs of detent-protocol(7), "Verbs": each one's name, the keys
    /// it takes and needs, and its handler. Adding a verb is one entry here,
    /// its handler, the man page and the conformance corpus
    /// (`VerbTableTests` counts it).
    static let table: [Entry] = [
        entry("hello", takes: [.client], .connection(ConnectionVerbs.hello)),
        entry("ping", takes: [], .connection(ConnectionVerbs.ping)),
        entry("plugins", takes: [], .connection(ConnectionVerbs.plugins)),
        entry("open", takes: [.s, .plugin] + Key.geometry, needs: [.s, .viewport], .connection(ConnectionVerbs.open)),
        entry("layout", takes: [.s] + Key.geometry, needs: [.s, .viewport], .session(SessionVerbs.layout)),
        entry("begin", takes: [.s, .x, .t], needs: [.s, .x], .session(SessionVerbs.begin)),
        entry("move", takes: [.s, .x, .t], needs: [.s, .x], .session(SessionVerbs.move)),
        entry("end", takes: [.s, .x, .v, .target, .t], needs: [.s, .x], .session(SessionVerbs.end)),
        entry("cancel", takes: [.s], needs: [.s], .session(SessionVerbs.cancel)),
        entry("goto", takes: [.s, .index, .x], needs: [.s, .index], .session(SessionVerbs.goto)),
        entry("autoplay", takes: [.s, .every], needs: [.s, .every], .session(SessionVerbs.autoplay)),
        entry("close", takes: [.s], needs: [.s], .connection(ConnectionVerbs.close)),
        entry("stats", takes: [], .connection(ConnectionVerbs.stats)),
        entry("quit", takes: [], .connection(ConnectionVerbs.quit)),
    ]
}
