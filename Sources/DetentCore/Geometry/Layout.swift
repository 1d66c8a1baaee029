/// A session's geometry with the snaps its strategy made of it.
public struct Layout: Sendable, Equatable {
    public let geometry: Geometry
    public let snaps: SnapSet

    public init(geometry: Geometry, snaps: SnapSet) {
        self.geometry = geometry
        self.snaps = snaps
    }

    /// The snap nearest item `i`'s aligned offset clamped into `[0, M + pad]`,
    /// lower on a tie; for points, snap `i` (detent-protocol(7), `goto`).
    /// The pad counts so that the padded last snap, where the last items
    /// rest aligned, is reachable.
    public func snapNearest(item: Int) -> Int {
        guard let run = geometry.items else { return snaps.clamp(item) }
        let aligned = run.alignedOffset(item, align: geometry.align, viewport: geometry.viewport)
        return snaps.nearest(to: min(max(aligned, 0), geometry.maxOffset + (snaps.pad ?? 0)))
    }
}
