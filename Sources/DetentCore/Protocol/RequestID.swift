/// A request's `id`, echoed unchanged in its reply (JSON keeps its type).
public enum RequestID: Sendable, Equatable {
    case text(String)
    case jsonString(String)
    /// A JSON number, kept as its literal so it is echoed exactly as sent.
    case jsonNumber(String)
}

extension RequestID {
    /// The id as text (a JSON number's literal).
    public var text: String {
        switch self {
        case .text(let text), .jsonString(let text), .jsonNumber(let text): text
        }
    }
}
