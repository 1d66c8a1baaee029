/// Which edge of an item a snap lines up (detent-protocol(7), Geometry keys).
public enum Align: String, Sendable, CaseIterable {
    case start, center, end
}
