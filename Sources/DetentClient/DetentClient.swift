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
/// let snap = try await client.end("cards", x: 90, v: 1.4)   // index 1, x 351
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

    /// Any verb of the table (detent-protocol(7), "Requests") with its
    /// values: the reply as read; an `error` reply is thrown as
    /// `DetentError`. The typed methods, one per verb, are generated from
    /// protocol/detent-protocol.json (`Generated/DetentClient+Verbs.swift`).
    public func request(_ verb: Verb, _ fields: RequestFields = RequestFields()) async throws -> Reply {
        let reply = try await send(RequestEncoder.line(verb, fields))
        if reply.verb == ReplyKind.error.name { throw try ErrorReply(reply).error }
        return reply
    }

    /// A typed method's request, its reply decoded.
    func call(_ verb: Verb, _ fields: RequestFields) async throws -> TypedReply.Body {
        try TypedReply(await request(verb, fields)).body
    }

    /// A reply of another kind than the verb's.
    static func unexpected(_ body: TypedReply.Body) -> DetentClientError { .unexpectedReply("\(body)") }
}
