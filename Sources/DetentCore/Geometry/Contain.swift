/// How snaps meet the end of the content (detent-protocol(7), Geometry keys).
public enum Contain: String, Sendable, CaseIterable {
    /// Clamp into `[0, M]` and collapse equal snaps.
    case trim
    /// Keep the first snap at or past `M` and report the trailing `pad`.
    case pad
}
