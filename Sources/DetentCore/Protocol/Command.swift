/// What a request asks, with exactly the values its verb takes.
public enum Command: Sendable, Equatable {
    case hello(client: String?)
    case ping
    case plugins
    case stats
    case quit
    /// A verb of one session, by name.
    case session(String, SessionCommand)

    public var verb: Verb {
        switch self {
        case .hello: .hello
        case .ping: .ping
        case .plugins: .plugins
        case .stats: .stats
        case .quit: .quit
        case .session(_, let command): command.verb
        }
    }
}
