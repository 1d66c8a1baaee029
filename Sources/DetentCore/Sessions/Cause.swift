/// What led to a decision.
public enum Cause: String, Sendable {
    case release, cancel, goto, autoplay

    /// The wire spelling, as bytes known when compiling.
    var wireName: StaticString {
        switch self {
        case .release: "release"
        case .cancel: "cancel"
        case .goto: "goto"
        case .autoplay: "autoplay"
        }
    }
}
