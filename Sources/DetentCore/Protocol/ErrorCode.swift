/// The error codes of detent-protocol(7), in the order of its error precedence.
public enum ErrorCode: String, Sendable, CaseIterable {
    case badLine = "bad-line"
    case lineTooLong = "line-too-long"
    case unknownVerb = "unknown-verb"
    case unknownKey = "unknown-key"
    case missingKey = "missing-key"
    case badValue = "bad-value"
    case unknownSession = "unknown-session"
    case sessionExists = "session-exists"
    case unknownPlugin = "unknown-plugin"
    case tooManySessions = "too-many-sessions"
    case badLayout = "bad-layout"
    case unsupportedLayout = "unsupported-layout"
    case busy = "busy"
    /// An addition to the contract: the peer is not in `allowUsers` or
    /// `allowGroups`; sent once, then the connection is closed.
    case forbidden = "forbidden"
    /// An addition: a loaded strategy's `decide` failed or chose what is not
    /// a decision (detent-plugin(3)); the session stays where it rested.
    case pluginFailed = "plugin-failed"
}
