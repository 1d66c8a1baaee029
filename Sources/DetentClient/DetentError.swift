import DetentCore

/// An `error` reply: the protocol's code and the daemon's message.
public struct DetentError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The code as sent (`bad-value`, ...).
    public var codeName: String
    public var message: String
    /// The session the request named, when the daemon echoed it.
    public var session: String?

    /// The code, if it is one of detent-protocol(7)'s (or `forbidden`).
    public var code: ErrorCode? { ErrorCode(rawValue: codeName) }

    public init(codeName: String, message: String, session: String? = nil) {
        self.codeName = codeName
        self.message = message
        self.session = session
    }

    public var description: String { "\(codeName): \(message)" }
}
