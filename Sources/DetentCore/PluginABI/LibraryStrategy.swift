import CDetentPlugin

/// One strategy a plugin library offers, as its table declares it.
public struct LibraryStrategy: @unchecked Sendable {
    // Sendable: the table lives in a library that is never unloaded, and
    // detentd calls it on its loop thread only.
    public let name: String
    public let description: String
    let table: UnsafePointer<detent_strategy_v1>
}
