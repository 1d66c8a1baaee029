/// The session's scroll axis; informational.
public enum Axis: String, Sendable, CaseIterable {
    case x, y
}
