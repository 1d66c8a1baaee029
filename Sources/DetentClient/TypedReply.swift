import DetentCore

/// A reply line decoded by its kind (detent-protocol(7)): the one place
/// the client turns fields into values, for every verb it sends and for
/// the conformance corpus, which checks that each kind holds exactly the
/// fields the daemon writes. Unknown fields are ignored.
public struct TypedReply: Sendable, Equatable {
    public enum Body: Sendable, Equatable {
        case hello(Hello)
        case pong
        case plugins(names: [String], default: String)
        case opened(Opened)
        case began(session: String, Began)
        case moved(session: String, x: Double)
        case snap(session: String, Decision)
        case ok(session: String, every: Double)
        case closed(session: String)
        case stats(ServerStats)
        case bye
        case error(DetentError)
    }

    /// The request's `id`, echoed.
    public var id: String?
    public var body: Body

    public init(id: String? = nil, _ body: Body) {
        self.id = id
        self.body = body
    }

    /// Decodes a reply; a kind this client does not know, or a field it
    /// needs that is missing or malformed, is `unexpectedReply`.
    public init(_ reply: Reply) throws(DetentClientError) {
        id = reply[.id]
        body = try Self.body(of: reply)
    }

    private static func body(of reply: Reply) throws(DetentClientError) -> Body {
        let bad = DetentClientError.unexpectedReply(reply.line)
        func list(_ field: ReplyField) -> [String]? {
            reply[field].map { $0.isEmpty ? [] : $0.split(separator: ",", omittingEmptySubsequences: false).map(String.init) }
        }
        switch reply.verb {
        case ReplyKind.hello.name:
            guard let proto = reply.int(.proto), let server = reply[.server], let plugins = list(.plugins) else { throw bad }
            return .hello(Hello(proto: proto, server: server, plugins: plugins))
        case ReplyKind.pong.name: return .pong
        case ReplyKind.bye.name: return .bye
        case ReplyKind.plugins.name:
            guard let names = list(.names), let fallback = reply[.default] else { throw bad }
            return .plugins(names: names, default: fallback)
        case ReplyKind.opened.name:
            guard let session = reply[.s], let plugin = reply[.plugin], let index = reply.int(.index),
                  let x = reply.number(.x), let snaps = reply.int(.snaps) else { throw bad }
            return .opened(Opened(session: session, plugin: plugin, index: index, x: x, snaps: snaps,
                                  pad: reply.number(.pad), dup: reply.int(.dup)))
        case ReplyKind.began.name:
            guard let session = reply[.s], let index = reply.int(.index), let x = reply.number(.x) else { throw bad }
            return .began(session: session, Began(index: index, x: x, jump: reply.number(.jump)))
        case ReplyKind.moved.name:
            guard let session = reply[.s], let x = reply.number(.x) else { throw bad }
            return .moved(session: session, x: x)
        case ReplyKind.snap.name:
            guard let session = reply[.s] else { throw bad }
            return .snap(session: session, try reply.decision())
        case ReplyKind.ok.name:
            guard let session = reply[.s], let every = reply.number(.every) else { throw bad }
            return .ok(session: session, every: every)
        case ReplyKind.closed.name:
            guard let session = reply[.s] else { throw bad }
            return .closed(session: session)
        case ReplyKind.stats.name:
            guard let connections = reply.int(.connections), let sessions = reply.int(.sessions),
                  let requests = reply.int(.requests), let errors = reply.int(.errors),
                  let uptime = reply.int(.uptime) else { throw bad }
            return .stats(ServerStats(connections: connections, sessions: sessions, requests: requests, errors: errors, uptime: uptime))
        case ReplyKind.error.name:
            guard let code = reply[.code], let message = reply[.msg] else { throw bad }
            return .error(DetentError(codeName: code, message: message, session: reply[.s]))
        default:
            throw bad
        }
    }
}
