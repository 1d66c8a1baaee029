/// Which edge of an item a snap lines up (PROTOCOL.md, Geometry keys).
public enum Align: String, Sendable, CaseIterable {
    case start, center, end
}
