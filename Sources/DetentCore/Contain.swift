/// How snaps meet the end of the content (PROTOCOL.md, Geometry keys).
public enum Contain: String, Sendable, CaseIterable {
    /// Clamp into `[0, M]` and collapse equal snaps.
    case trim
    /// Keep the first snap at or past `M` and report the trailing `pad`.
    case pad
}
