/// What led to a decision.
public enum Cause: String, Sendable {
    case release, cancel, goto, autoplay
}
