/// docs/strategies.md, "Equality": lengths within 1e-9 pt are equal.
public enum Tolerance {
    public static let length = 1e-9

    /// Whether two lengths count as equal.
    @inline(__always)
    public static func same(_ a: Double, _ b: Double) -> Bool { abs(a - b) <= length }
}
