/// A request that gets an `error` reply: the code and a message a person can act on.
public struct ProtocolError: Error, Sendable, Equatable {
    public var code: ErrorCode
    public var message: String

    public init(_ code: ErrorCode, _ message: String) {
        self.code = code
        self.message = message
    }
}
