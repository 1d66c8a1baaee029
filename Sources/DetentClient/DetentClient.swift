#if canImport(Glibc)
import Glibc
#endif
import DetentCore

/// A connection to `detentd`, for a UI process: typed requests, typed
/// replies, any number of requests in flight (pipelining), and the
/// daemon's pushed autoplay decisions on their own stream.
///
/// ```swift
/// let client = try DetentClient()
/// _ = try await client.open("cards", plugin: "cards",
///     geometry: CollectionGeometry(viewport: 375, items: .uniform(size: 343, count: 5), spacing: 8, lead: 16, trail: 16))
/// let decision = try await client.end("cards", x: 90, v: 1.4)   // index 1, x 351
/// ```
///
/// It needs no libevent and no server code: it speaks the text protocol
/// over a blocking Unix socket with one reader thread.
public final class DetentClient: Sendable {
    /// The socket this client talks to.
    public let socketPath: String
    private let connection: ClientConnection

    /// Decisions the daemon pushes (autoplay), as they come.
    public var pushes: AsyncStream<PushedDecision> { connection.pushes }

    /// Connects to `socketPath`, else to the daemon the discovery rule
    /// finds (`SocketDiscovery`, detentd(8) "FINDING THE DAEMON").
    public convenience init(socketPath: String? = nil) throws(DetentClientError) {
        if let socketPath {
            try self.init(socket: LineSocket(path: socketPath))
        } else {
            try self.init(socket: SocketDiscovery(environment: Environment.current()).connect())
        }
    }

    /// Takes over a connected socket.
    public init(socket: LineSocket) throws(DetentClientError) {
        socketPath = socket.path
        connection = try ClientConnection.start(socket)
    }

    deinit { connection.shutDown() }

    /// Ends the connection; requests still waiting fail with `closed`.
    public func disconnect() { connection.shutDown() }

    // MARK: - Raw

    /// Sends one request line and returns its reply, errors included.
    /// Blank and comment lines get no reply: do not send them.
    public func send(_ line: String) async throws -> Reply {
        try await connection.request(line)
    }

    /// Sends request lines back to back (pipelined) and returns their
    /// replies in order.
    public func send(_ lines: [String]) async throws -> [Reply] {
        var slots: [ReplySlot] = []
        slots.reserveCapacity(lines.count)
        for line in lines { slots.append(try connection.enqueue(line)) }
        var replies: [Reply] = []
        replies.reserveCapacity(lines.count)
        for slot in slots { replies.append(try await slot.reply()) }
        return replies
    }

    /// Any verb of the table (detent-protocol(7), "Verbs") with its
    /// values: the reply as read; an `error` reply is thrown as
    /// `DetentError`. A verb the typed methods below do not cover needs
    /// nothing more than this.
    public func request(_ verb: Verb, _ fields: RequestFields = RequestFields()) async throws -> Reply {
        let reply = try await send(RequestEncoder.line(verb, fields))
        if reply.verb == "error", case .error(let error) = try TypedReply(reply).body { throw error }
        return reply
    }

    /// A typed method's request, its reply decoded.
    func call(_ name: String, _ fields: RequestFields = RequestFields()) async throws -> TypedReply.Body {
        guard let verb = Verb(name) else { throw DetentClientError.unexpectedReply("no verb \(name) in the table") }
        return try TypedReply(await request(verb, fields)).body
    }

    /// A reply of another kind than the verb's.
    static func unexpected(_ body: TypedReply.Body) -> DetentClientError { .unexpectedReply("\(body)") }

    // MARK: - Verbs

    /// `hello`: the configured plugin names.
    public func hello(client name: String = "DetentClient") async throws -> [String] {
        try await greet(client: name).plugins
    }

    /// `hello`: the protocol, the server's version and its plugins.
    public func greet(client name: String = "DetentClient") async throws -> Hello {
        let body = try await call("hello", RequestFields(client: name))
        guard case .hello(let hello) = body else { throw Self.unexpected(body) }
        return hello
    }

    /// `ping`.
    public func ping() async throws {
        let body = try await call("ping")
        guard case .pong = body else { throw Self.unexpected(body) }
    }

    /// `plugins`: the names and the default.
    public func plugins() async throws -> (names: [String], default: String) {
        let body = try await call("plugins")
        guard case .plugins(let names, let fallback) = body else { throw Self.unexpected(body) }
        return (names, fallback)
    }

    /// `open`: a new session (named per connection) with a plugin, else the default.
    public func open(_ session: String, plugin: String? = nil, geometry: CollectionGeometry) async throws -> Opened {
        try opened(await call("open", RequestFields(session: session, plugin: plugin, geometry: geometry.spec)))
    }

    /// `layout`: a new geometry for an open session.
    public func layout(_ session: String, geometry: CollectionGeometry) async throws -> Opened {
        try opened(await call("layout", RequestFields(session: session, geometry: geometry.spec)))
    }

    private func opened(_ body: TypedReply.Body) throws -> Opened {
        guard case .opened(let opened) = body else { throw Self.unexpected(body) }
        return opened
    }

    /// `begin`: finger down at `x` (timestamp `t` in ms, for velocity).
    public func begin(_ session: String, x: Double, t: Double? = nil) async throws -> Began {
        let body = try await call("begin", RequestFields(session: session, x: x, t: t))
        guard case .began(_, let began) = body else { throw Self.unexpected(body) }
        return began
    }

    /// `move`: finger at `x`; returns where to draw it.
    public func move(_ session: String, x: Double, t: Double? = nil) async throws -> Double {
        let body = try await call("move", RequestFields(session: session, x: x, t: t))
        guard case .moved(_, let drawn) = body else { throw Self.unexpected(body) }
        return drawn
    }

    /// `end`: finger up; the decision.
    public func end(_ session: String, x: Double, v: Double? = nil, target: Double? = nil, t: Double? = nil) async throws -> Decision {
        try decision(await call("end", RequestFields(session: session, x: x, v: v, target: target, t: t)))
    }

    /// `cancel`: back to the resting item.
    public func cancel(_ session: String) async throws -> Decision {
        try decision(await call("cancel", RequestFields(session: session)))
    }

    /// `goto`: to an item; `from`, where the content is drawn now if it
    /// is still moving, starts the motion there.
    public func goto(_ session: String, index: Int, from: Double? = nil) async throws -> Decision {
        try decision(await call("goto", RequestFields(session: session, x: from, index: Double(index))))
    }

    private func decision(_ body: TypedReply.Body) throws -> Decision {
        guard case .snap(_, let decision) = body else { throw Self.unexpected(body) }
        return decision
    }

    /// `autoplay`: one step every `every` ms while no finger is down; 0 stops.
    public func autoplay(_ session: String, every: Double) async throws {
        let body = try await call("autoplay", RequestFields(session: session, every: every))
        guard case .ok = body else { throw Self.unexpected(body) }
    }

    /// `close`: forget a session.
    public func close(_ session: String) async throws {
        let body = try await call("close", RequestFields(session: session))
        guard case .closed = body else { throw Self.unexpected(body) }
    }

    /// `stats`: the daemon's counters.
    public func stats() async throws -> ServerStats {
        let body = try await call("stats")
        guard case .stats(let stats) = body else { throw Self.unexpected(body) }
        return stats
    }

    /// `quit`: the daemon answers and closes the connection.
    public func quit() async throws {
        let body = try await call("quit")
        guard case .bye = body else { throw Self.unexpected(body) }
    }
}
