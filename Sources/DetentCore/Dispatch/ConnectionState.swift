/// The protocol state of one connection: its sessions, by name.
public struct ConnectionState: Sendable {
    public var sessions = SessionTable()
    /// Set by `quit`: no further line is read or answered.
    public var finished = false

    public init() {}
}
