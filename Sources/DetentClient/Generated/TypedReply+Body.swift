// Generated from protocol/detent-protocol.json by protocol/generate
// (protocol/generators/swift_client.py); do not edit: change the description and run protocol/generate.

import DetentCore

extension TypedReply {
    /// A reply line by its kind (detent-protocol(7)).
    public enum Body: Sendable, Equatable {
        case hello(HelloReply)
        case pong(PongReply)
        case plugins(PluginsReply)
        case opened(OpenedReply)
        case began(BeganReply)
        case moved(MovedReply)
        case snap(SnapReply)
        case ok(OkReply)
        case closed(ClosedReply)
        case stats(StatsReply)
        case bye(ByeReply)
        case error(ErrorReply)
        case kept(KeptReply)
    }

    /// Decodes `reply` by its kind; one this client does not know is
    /// `unexpectedReply`.
    static func body(of reply: Reply) throws(DetentClientError) -> Body {
        switch reply.verb {
        case ReplyKind.hello.name: return .hello(try HelloReply(reply))
        case ReplyKind.pong.name: return .pong(try PongReply(reply))
        case ReplyKind.plugins.name: return .plugins(try PluginsReply(reply))
        case ReplyKind.opened.name: return .opened(try OpenedReply(reply))
        case ReplyKind.began.name: return .began(try BeganReply(reply))
        case ReplyKind.moved.name: return .moved(try MovedReply(reply))
        case ReplyKind.snap.name: return .snap(try SnapReply(reply))
        case ReplyKind.ok.name: return .ok(try OkReply(reply))
        case ReplyKind.closed.name: return .closed(try ClosedReply(reply))
        case ReplyKind.stats.name: return .stats(try StatsReply(reply))
        case ReplyKind.bye.name: return .bye(try ByeReply(reply))
        case ReplyKind.error.name: return .error(try ErrorReply(reply))
        case ReplyKind.kept.name: return .kept(try KeptReply(reply))
        default: throw .unexpectedReply(reply.line)
        }
    }
}

extension TypedReply.Body {
    /// The kind of reply it is.
    public var kind: ReplyKind {
        switch self {
        case .hello: .hello
        case .pong: .pong
        case .plugins: .plugins
        case .opened: .opened
        case .began: .began
        case .moved: .moved
        case .snap: .snap
        case .ok: .ok
        case .closed: .closed
        case .stats: .stats
        case .bye: .bye
        case .error: .error
        case .kept: .kept
        }
    }
}
