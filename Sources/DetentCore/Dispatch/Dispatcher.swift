/// Answers request lines: syntax, decoding, then the verb against the
/// connection's sessions (detent-protocol(7)). No I/O: the server hands in a
/// line and its output buffer, and the reply is appended there, so every
/// rule is testable without a socket.
public enum Dispatcher {
    /// Answers one complete line (without its `\n`), appending the reply,
    /// if any, to `output`.
    /// - Parameter fast: plain lines take `FastLine` (tests turn it off to
    ///   prove both paths answer alike).
    public static func answer(
        _ line: UnsafeBufferPointer<UInt8>, connection: inout ConnectionState, server: ServerState,
        output: ReplyBuffer, fast: Bool = true
    ) -> LineEffect {
        if fast, let request = FastLine.parse(line, maxItems: server.config.limits.maxItems) {
            server.requests += 1
            return answer(request, connection: &connection, server: server, output: output)
        }
        let parsed: RequestLine
        do {
            switch try LineSyntax.parse(line) {
            case .ignored: return LineEffect()
            case .request(let request): parsed = request
            }
        } catch {
            server.requests += 1
            Replies.error(error, encoding: LineSyntax.encoding(of: line), echo: (nil, nil), server: server, output: output)
            return LineEffect()
        }
        server.requests += 1
        let request: Request
        do {
            request = try RequestDecoder.decode(parsed, maxItems: server.config.limits.maxItems)
        } catch {
            Replies.error(error, encoding: parsed.encoding, echo: RequestDecoder.echo(of: parsed), server: server, output: output)
            return LineEffect()
        }
        return answer(request, connection: &connection, server: server, output: output)
    }

    /// Handles one line and returns its reply as bytes of its own (tests and tools).
    public static func handle(
        _ line: UnsafeBufferPointer<UInt8>, connection: inout ConnectionState, server: ServerState, fast: Bool = true
    ) -> LineResult {
        let output = ReplyBuffer()
        let effect = answer(line, connection: &connection, server: server, output: output, fast: fast)
        return LineResult(bytes: output.isEmpty ? nil : output.bytes, effect: effect, close: connection.finished)
    }

    /// Handles a line given as a string (tests and tools).
    public static func handle(_ line: String, connection: inout ConnectionState, server: ServerState, fast: Bool = true) -> LineResult {
        var bytes = Array(line.utf8)
        if bytes.last == 0x0A { bytes.removeLast() }
        return bytes.withUnsafeBufferPointer { handle($0, connection: &connection, server: server, fast: fast) }
    }

    /// The reply to a line longer than `maxLineBytes`, given its first bytes.
    public static func lineTooLong(start: UnsafeBufferPointer<UInt8>, server: ServerState, output: ReplyBuffer) {
        let limit = server.config.limits.maxLineBytes
        server.requests += 1
        let error = ProtocolError(.lineTooLong, "the line is longer than \(limit) bytes (limits.maxLineBytes); it was discarded")
        Replies.error(error, encoding: LineSyntax.encoding(of: start), echo: (nil, nil), server: server, output: output)
    }

    /// Answers a decoded request; a refusal becomes its `error` reply.
    static func answer(_ request: Request, connection: inout ConnectionState, server: ServerState, output: ReplyBuffer) -> LineEffect {
        do {
            return try perform(request, connection: &connection, server: server, output: output)
        } catch {
            Replies.error(error, encoding: request.encoding, echo: (request.session, request.id), server: server, output: output)
            return LineEffect()
        }
    }

    // MARK: - Verbs

    /// Performs a request by its verb's handler (the verb table); throws
    /// its refusal.
    static func perform(
        _ r: Request, connection: inout ConnectionState, server: ServerState, output: ReplyBuffer
    ) throws(ProtocolError) -> LineEffect {
        switch r.verb.handler {
        case .connection(let perform):
            return try perform(r, &connection, server, output)
        case .session(let perform):
            guard let name = r.session else { throw RequestFields.missing(.s, r.verb) }
            guard let slot = connection.sessions.slot(of: name) else {
                throw ProtocolError(.unknownSession, "no session \"\(name)\" on this connection (open it first)")
            }
            // One lookup, mutated in place: no copy of the session per request.
            return try perform(r, &connection.sessions[slot: slot], server, output)
        }
    }

    /// The next autoplay push of a session, or nil when no step is due
    /// (finger down, session gone, autoplay off).
    public static func autoplayPush(session name: String, connection: inout ConnectionState) -> String? {
        guard let slot = connection.sessions.slot(of: name),
              let settings = connection.sessions[slot: slot].autoplay,
              let decision = connection.sessions[slot: slot].autoplayStep() else { return nil }
        return Replies.pushed(decision, session: name, encoding: settings.encoding)
    }
}
