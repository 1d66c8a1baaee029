/// The verbs that act on the connection or the server, not on one open
/// session (detent-protocol(7), "Verbs"): the handlers the verb table
/// names. `open` and `close` are here: they add or remove the session.
enum ConnectionVerbs {
    static func hello(_ r: Request, _ connection: inout ConnectionState, _ server: ServerState, _ output: ReplyBuffer) -> LineEffect {
        Replies.line(.hello, r, output) { w in
            w.int(.proto, DetentVersion.proto)
            w.word(.server, "detentd/\(DetentVersion.string)")
            w.words(.plugins, server.config.pluginNames)
        }
        return LineEffect()
    }

    static func ping(_ r: Request, _ connection: inout ConnectionState, _ server: ServerState, _ output: ReplyBuffer) -> LineEffect {
        Replies.line(.pong, r, output)
        return LineEffect()
    }

    static func plugins(_ r: Request, _ connection: inout ConnectionState, _ server: ServerState, _ output: ReplyBuffer) -> LineEffect {
        Replies.line(.plugins, r, output) { w in
            w.words(.names, server.config.pluginNames)
            w.word(.default, server.config.defaultPlugin)
        }
        return LineEffect()
    }

    static func stats(_ r: Request, _ connection: inout ConnectionState, _ server: ServerState, _ output: ReplyBuffer) -> LineEffect {
        Replies.line(.stats, r, output) { w in
            w.int(.connections, server.connections)
            w.int(.sessions, server.sessions)
            w.int(.requests, server.requests)
            w.int(.errors, server.errors)
            w.int(.uptime, server.uptime())
        }
        return LineEffect()
    }

    static func quit(_ r: Request, _ connection: inout ConnectionState, _ server: ServerState, _ output: ReplyBuffer) -> LineEffect {
        connection.finished = true
        Replies.line(.bye, r, output)
        return LineEffect()
    }

    static func open(
        _ r: Request, _ connection: inout ConnectionState, _ server: ServerState, _ output: ReplyBuffer
    ) throws(ProtocolError) -> LineEffect {
        let config = server.config
        let name = r.session ?? ""
        guard connection.sessions.slot(of: name) == nil else {
            throw ProtocolError(.sessionExists, "session \"\(name)\" is already open (use layout to change it, or close it)")
        }
        let pluginName = r.fields.plugin ?? config.defaultPlugin
        guard let plugin = config.plugin(named: pluginName) else {
            let hint = Suggestion.hint(for: pluginName, in: config.pluginNames)
            throw ProtocolError(.unknownPlugin,
                                "no plugin \"\(pluginName)\"\(hint); configured: \(config.pluginNames.joined(separator: ", "))")
        }
        let limit = config.limits.maxSessionsPerConnection
        guard connection.sessions.count < limit else {
            throw ProtocolError(.tooManySessions, "this connection already has \(limit) sessions (limits.maxSessionsPerConnection); close one first")
        }
        let motion = r.fields.motion.flatMap(MotionSetting.init(rawValue:)) ?? config.motion
        var session = try Session(plugin: plugin, geometry: r.fields.geometry, maxItems: config.limits.maxItems, motion: motion,
                                  longSwipes: r.fields.swipes.map { $0 == SwipeLength.long.rawValue }, moved: r.fields.moved ?? false)
        let autoplayMs = plugin.strategy.autoplayMs
        if autoplayMs > 0 { session.autoplay = AutoplaySettings(every: autoplayMs, encoding: r.encoding) }
        connection.sessions[name] = session
        server.sessions += 1
        Replies.opened(r, session, output)
        return LineEffect(autoplayChanged: session.autoplay == nil ? nil : name)
    }

    static func close(
        _ r: Request, _ connection: inout ConnectionState, _ server: ServerState, _ output: ReplyBuffer
    ) throws(ProtocolError) -> LineEffect {
        let name = r.session ?? ""
        guard let slot = connection.sessions.slot(of: name) else {
            throw ProtocolError(.unknownSession, "no session \"\(name)\" on this connection (open it first)")
        }
        let hadAutoplay = connection.sessions[slot: slot].autoplay != nil
        connection.sessions.remove(at: slot)
        server.sessions -= 1
        Replies.line(.closed, r, output)
        return LineEffect(autoplayChanged: hadAutoplay ? name : nil)
    }
}
