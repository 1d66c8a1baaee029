/// Why the daemon cannot start or serve; the message names the path or the
/// call that failed.
public struct ServerError: Error, Sendable, CustomStringConvertible {
    /// What kind of failure, for callers that act on it.
    public enum Code: String, Sendable {
        case socketPath = "socket-path"
        case addressInUse = "address-in-use"
        case system = "system"
        case config = "config"
    }

    public var code: Code
    public var message: String

    public init(_ code: Code, _ message: String) {
        self.code = code
        self.message = message
    }

    public var description: String { message }
}
