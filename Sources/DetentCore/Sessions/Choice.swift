/// What a strategy decides: a snap, or (proximity snapping) a free offset.
public enum Choice: Sendable, Equatable {
    /// Rest on snap `k`; the session clamps it into `0...m-1`.
    case snap(Int, Mode)
    /// Rest at an offset that is not a snap.
    case free(Double, Mode)
}
