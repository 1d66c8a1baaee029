/// The reply to `stats`.
public struct ServerStats: Sendable, Equatable {
    public var connections: Int
    public var sessions: Int
    public var requests: Int
    public var errors: Int
    public var uptime: Int
}
