/// The two spellings of a line. A reply uses its request's encoding.
public enum Encoding: Sendable, Equatable {
    case text
    case json
}
