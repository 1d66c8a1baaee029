/// The connection failed: no daemon, or it went away.
public enum DetentClientError: Error, Sendable, Equatable, CustomStringConvertible {
    /// Nothing listens on the socket (or it does not exist).
    case notRunning(path: String, reason: String)
    /// The daemon closed the connection (after `quit`, a restart, a refusal).
    case closed(reason: String)
    /// No path was given and no candidate of the discovery rule answered
    /// (`variable`: `$DETENT_SOCKET` named the only one).
    case noDaemon(tried: [DiscoveryAttempt], variable: Bool)
    /// A reply the client cannot read.
    case unexpectedReply(String)

    public var description: String {
        switch self {
        case .notRunning(let path, let reason):
            "no Detent daemon answers on \(path) (\(reason)); is detentd running? (set DETENT_SOCKET or pass the path)"
        case .noDaemon(let tried, true):
            "no Detent daemon answers on DETENT_SOCKET=\(tried.map(\.description).joined(separator: ", ")); "
                + "start one there, or unset DETENT_SOCKET to look in the usual places (detentd(8), FINDING THE DAEMON)"
        case .noDaemon(let tried, false):
            "no Detent daemon answers; tried \(tried.map(\.description).joined(separator: ", ")); "
                + "start one with `systemctl --user start detentd.socket` (the installed package) or `scripts/run` (a checkout)"
        case .closed(let reason): "the daemon closed the connection: \(reason)"
        case .unexpectedReply(let line): "unexpected reply: \(line)"
        }
    }
}
