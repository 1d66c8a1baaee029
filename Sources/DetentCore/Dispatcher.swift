/// Answers request lines: syntax, decoding, then the verb against the
/// connection's sessions. No I/O: the server hands in a line and writes back
/// the reply, so every rule of detent-protocol(7) is testable without a socket.
public enum Dispatcher {
    /// Handles one complete line (without its `\n`).
    /// - Parameter fast: plain gesture lines take `FastLine` (tests turn it
    ///   off to prove both paths answer alike).
    public static func handle(
        _ line: UnsafeBufferPointer<UInt8>, connection: inout ConnectionState, server: ServerState, fast: Bool = true
    ) -> LineResult {
        if fast, let request = FastLine.parse(line) {
            server.requests += 1
            do {
                return try execute(request, connection: &connection, server: server)
            } catch {
                return LineResult(reply: errorReply(error, encoding: .text, echo: (request.session, request.id), server: server))
            }
        }
        let parsed: RequestLine
        do {
            switch try LineSyntax.parse(line) {
            case .ignored: return LineResult(reply: nil)
            case .request(let request): parsed = request
            }
        } catch {
            server.requests += 1
            return LineResult(reply: errorReply(error, encoding: LineSyntax.encoding(of: line), echo: (nil, nil), server: server))
        }
        server.requests += 1
        let echo = RequestDecoder.echo(of: parsed)
        do {
            let request = try RequestDecoder.decode(parsed, maxItems: server.config.limits.maxItems)
            return try execute(request, connection: &connection, server: server)
        } catch {
            return LineResult(reply: errorReply(error, encoding: parsed.encoding, echo: echo, server: server))
        }
    }

    /// Handles a line given as a string (tests and tools).
    public static func handle(_ line: String, connection: inout ConnectionState, server: ServerState, fast: Bool = true) -> LineResult {
        var bytes = Array(line.utf8)
        if bytes.last == 0x0A { bytes.removeLast() }
        return bytes.withUnsafeBufferPointer { handle($0, connection: &connection, server: server, fast: fast) }
    }

    /// The reply to a line longer than `maxLineBytes`, given its first bytes.
    public static func lineTooLong(start: UnsafeBufferPointer<UInt8>, server: ServerState) -> String {
        let limit = server.config.limits.maxLineBytes
        server.requests += 1
        let error = ProtocolError(.lineTooLong, "the line is longer than \(limit) bytes (limits.maxLineBytes); it was discarded")
        return errorReply(error, encoding: LineSyntax.encoding(of: start), echo: (nil, nil), server: server)
    }

    /// An `error` reply, counted as an error (the request is counted by the caller).
    static func errorReply(
        _ error: ProtocolError, encoding: Encoding, echo: (session: String?, id: RequestID?), server: ServerState
    ) -> String {
        server.errors += 1
        var w = ReplyWriter("error", encoding: encoding)
        if echo.session == nil, let id = echo.id { w.id(id) }
        w.word("code", error.code.rawValue)
        if let session = echo.session {
            w.word("s", session)
            if let id = echo.id { w.id(id) }
        }
        w.string("msg", error.message, alwaysQuote: true)
        return w.finish()
    }

    /// The reply line of a verb, with `s` and `id` in place.
    static func writer(_ verb: StaticString, _ request: Request) -> ReplyWriter {
        var w = ReplyWriter(verb, encoding: request.encoding)
        if let session = request.session { w.word("s", session) }
        if let id = request.id { w.id(id) }
        return w
    }

    // MARK: - Verbs

    static func execute(_ r: Request, connection: inout ConnectionState, server: ServerState) throws(ProtocolError) -> LineResult {
        switch r.verb {
        case .hello:
            var w = writer("hello", r)
            w.int("proto", DetentVersion.proto)
            w.word("server", "detentd/\(DetentVersion.string)")
            w.words("plugins", server.config.pluginNames)
            return LineResult(bytes: w.finishBytes())
        case .ping:
            var w = writer("pong", r)
            return LineResult(bytes: w.finishBytes())
        case .plugins:
            var w = writer("plugins", r)
            w.words("names", server.config.pluginNames)
            w.word("default", server.config.defaultPlugin)
            return LineResult(bytes: w.finishBytes())
        case .stats:
            var w = writer("stats", r)
            w.int("connections", server.connections)
            w.int("sessions", server.sessions)
            w.int("requests", server.requests)
            w.int("errors", server.errors)
            w.int("uptime", server.uptime())
            return LineResult(bytes: w.finishBytes())
        case .quit:
            var w = writer("bye", r)
            connection.finished = true
            return LineResult(bytes: w.finishBytes(), close: true)
        case .open:
            return try open(r, connection: &connection, server: server)
        default:
            break
        }
        let name = r.session!  // required by every session verb
        guard let slot = connection.sessions.index(forKey: name) else {
            throw ProtocolError(.unknownSession, "no session \"\(name)\" on this connection (open it first)")
        }
        if r.verb == .close {
            connection.sessions.remove(at: slot)
            server.sessions -= 1
            var w = writer("closed", r)
            return LineResult(bytes: w.finishBytes(), autoplayChanged: name)
        }
        // One lookup, mutated in place: no copy of the session per request.
        return try sessionVerb(r, &connection.sessions.values[slot], maxItems: server.config.limits.maxItems)
    }

    /// The verbs of an open session.
    static func sessionVerb(_ r: Request, _ session: inout Session, maxItems: Int) throws(ProtocolError) -> LineResult {
        let name = r.session!
        switch r.verb {
        case .layout:
            try session.relayout(r.geometry, maxItems: maxItems)
            return LineResult(reply: opened(r, session), autoplayChanged: name)
        case .begin:
            let began = session.begin(x: r.x!, t: r.t)
            var w = writer("began", r)
            w.int("index", began.index)
            w.number("x", began.x)
            if let jump = began.jump { w.number("jump", jump) }
            return LineResult(bytes: w.finishBytes())
        case .move:
            let drawn = session.move(x: r.x!, t: r.t)
            var w = writer("moved", r)
            w.number("x", drawn)
            return LineResult(bytes: w.finishBytes())
        case .end:
            let decision = try session.end(x: r.x!, v: r.v, target: r.target, t: r.t)
            return LineResult(bytes: snap(decision, r), autoplayChanged: name)
        case .cancel:
            return LineResult(bytes: snap(session.cancel(), r), autoplayChanged: name)
        case .goto:
            let decision = try session.goto(index: r.index!, from: r.x)
            return LineResult(bytes: snap(decision, r), autoplayChanged: name)
        case .autoplay:
            let every = r.every!
            session.autoplay = every > 0 ? AutoplaySettings(every: every, encoding: r.encoding) : nil
            var w = writer("ok", r)
            w.number("every", every)
            return LineResult(bytes: w.finishBytes(), autoplayChanged: name)
        case .hello, .ping, .plugins, .stats, .quit, .open, .close:
            preconditionFailure("\(r.verb) is not a session verb")
        }
    }

    static func open(_ r: Request, connection: inout ConnectionState, server: ServerState) throws(ProtocolError) -> LineResult {
        let config = server.config
        let name = r.session!
        guard connection.sessions[name] == nil else {
            throw ProtocolError(.sessionExists, "session \"\(name)\" is already open (use layout to change it, or close it)")
        }
        let pluginName = r.plugin ?? config.defaultPlugin
        guard let plugin = config.plugin(named: pluginName) else {
            let hint = Suggestion.nearest(to: pluginName, in: config.pluginNames).map { " (did you mean \"\($0)\"?)" } ?? ""
            throw ProtocolError(.unknownPlugin,
                                "no plugin \"\(pluginName)\"\(hint); configured: \(config.pluginNames.joined(separator: ", "))")
        }
        let limit = config.limits.maxSessionsPerConnection
        guard connection.sessions.count < limit else {
            throw ProtocolError(.tooManySessions, "this connection already has \(limit) sessions (limits.maxSessionsPerConnection); close one first")
        }
        var session = try Session(plugin: plugin, geometry: r.geometry, maxItems: config.limits.maxItems)
        let autoplayMs = plugin.strategy.autoplayMs
        if autoplayMs > 0 { session.autoplay = AutoplaySettings(every: autoplayMs, encoding: r.encoding) }
        connection.sessions[name] = session
        server.sessions += 1
        return LineResult(reply: opened(r, session), autoplayChanged: session.autoplay == nil ? nil : name)
    }

    static func opened(_ r: Request, _ session: Session) -> String {
        var w = writer("opened", r)
        w.word("plugin", session.plugin.name)
        w.int("index", session.restingIndex)
        w.number("x", session.restingOffset)
        w.int("snaps", session.layout.snaps.count)
        if let pad = session.layout.snaps.pad { w.number("pad", pad) }
        if session.layout.snaps.loopCount != nil { w.int("dup", SnapSet.loopDuplicates) }
        return w.finish()
    }

    /// A `snap` reply to a request.
    static func snap(_ d: Decision, _ r: Request) -> [UInt8] {
        var w = writer("snap", r)
        fill(&w, d)
        return w.finishBytes()
    }

    /// A pushed `snap` line (autoplay): no `id`.
    public static func pushed(_ d: Decision, session: String, encoding: Encoding) -> String {
        var w = ReplyWriter("snap", encoding: encoding)
        w.word("s", session)
        fill(&w, d)
        return w.finish()
    }

    static func fill(_ w: inout ReplyWriter, _ d: Decision) {
        w.int("index", d.index)
        w.number("x", d.x)
        w.word("mode", d.mode.wireName)
        w.word("cause", d.cause.wireName)
        if let page = d.page { w.int("page", page) }
        if let jump = d.jump { w.number("jump", jump) }
        let motion = d.motion
        w.number("from", motion.from)
        w.number("v", motion.v)
        switch motion.curve {
        case .decay(let rate):
            w.word("curve", "decay" as StaticString)
            w.number("rate", rate)
        case .spring(let omega):
            w.word("curve", "spring" as StaticString)
            w.number("omega", omega)
        }
        w.int("ms", motion.duration)
    }

    /// The next autoplay push of a session, or nil when no step is due
    /// (finger down, session gone, autoplay off).
    public static func autoplayPush(session name: String, connection: inout ConnectionState) -> String? {
        guard let settings = connection.sessions[name]?.autoplay,
              let decision = connection.sessions[name]?.autoplayStep() else { return nil }
        return pushed(decision, session: name, encoding: settings.encoding)
    }
}
