/// The connection failed: no daemon, or it went away.
public enum DetentClientError: Error, Sendable, Equatable, CustomStringConvertible {
    /// Nothing listens on the socket (or it does not exist).
    case notRunning(path: String, reason: String)
    /// The daemon closed the connection (after `quit`, a restart, a refusal).
    case closed(reason: String)
    /// A reply the client cannot read.
    case unexpectedReply(String)

    public var description: String {
        switch self {
        case .notRunning(let path, let reason):
            "no Detent daemon answers on \(path) (\(reason)); is detentd running? (set DETENT_SOCKET or pass the path)"
        case .closed(let reason): "the daemon closed the connection: \(reason)"
        case .unexpectedReply(let line): "unexpected reply: \(line)"
        }
    }
}
