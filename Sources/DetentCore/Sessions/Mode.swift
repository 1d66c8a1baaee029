/// How the client moves to a decision (detent-protocol(7), "Decisions").
public enum Mode: String, Sendable {
    /// Stop the momentum and animate to the offset.
    case animate
    /// Keep the momentum and retarget it.
    case decelerate

    /// The wire spelling, as bytes known when compiling.
    var wireName: StaticString {
        switch self {
        case .animate: "animate"
        case .decelerate: "decelerate"
        }
    }
}
