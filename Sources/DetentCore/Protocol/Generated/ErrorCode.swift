// Generated from protocol/detent-protocol.json by protocol/generate
// (protocol/generators/swift.py); do not edit: change the description and run protocol/generate.

/// The error codes of detent-protocol(7), "Errors", in the order of its
/// error precedence.
public enum ErrorCode: String, Sendable, CaseIterable {
    /// not a verb with key=value fields, unbalanced quotes, a key twice, invalid JSON, not UTF-8
    case badLine = "bad-line"
    /// a line longer than limits.maxLineBytes
    case lineTooLong = "line-too-long"
    /// a well-formed verb that does not exist
    case unknownVerb = "unknown-verb"
    /// a key the verb does not take
    case unknownKey = "unknown-key"
    /// a required key is absent
    case missingKey = "missing-key"
    /// not a finite number, out of range, wrong type, a malformed list, an invalid s
    case badValue = "bad-value"
    /// no session of that name on this connection
    case unknownSession = "unknown-session"
    /// a session of that name is already open
    case sessionExists = "session-exists"
    /// no plugin of that name is configured
    case unknownPlugin = "unknown-plugin"
    /// more than limits.maxSessionsPerConnection
    case tooManySessions = "too-many-sessions"
    /// geometry that cannot be paged
    case badLayout = "bad-layout"
    /// the plugin's strategy cannot page it
    case unsupportedLayout = "unsupported-layout"
    /// more than limits.maxConnections, or out of descriptors; sent once, then the connection is closed
    case busy = "busy"
    /// the peer is not in allowUsers or allowGroups; sent once, then the connection is closed
    case forbidden = "forbidden"
    /// a loaded strategy failed or chose what is not a decision; the session stays where it rested
    case pluginFailed = "plugin-failed"
}
