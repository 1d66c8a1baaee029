/// The reply to `hello`: who answers and what it offers.
public struct Hello: Sendable, Equatable {
    /// The protocol version (detent-protocol(7): 1).
    public var proto: Int
    /// `detentd/VERSION`.
    public var server: String
    /// The configured plugin names, in the config's order.
    public var plugins: [String]

    public init(proto: Int, server: String, plugins: [String]) {
        self.proto = proto
        self.server = server
        self.plugins = plugins
    }
}
