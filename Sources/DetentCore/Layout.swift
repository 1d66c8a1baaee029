/// A session's geometry with the snaps its strategy made of it.
public struct Layout: Sendable, Equatable {
    public let geometry: Geometry
    public let snaps: SnapSet

    public init(geometry: Geometry, snaps: SnapSet) {
        self.geometry = geometry
        self.snaps = snaps
    }
}
