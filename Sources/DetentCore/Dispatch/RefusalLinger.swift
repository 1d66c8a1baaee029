/// Refused connections drained before they close, with no socket: a Unix
/// socket closed with unread input resets the connection, and the peer
/// loses its error line with it; so a refused connection (its line sent,
/// its side shut) is read from and discarded until the client closes, for
/// at most `waitSeconds` at a time, `limit` of them at once (detentd(8)).
public struct RefusalLinger: Sendable, Equatable {
    /// Refused connections drained at once, at most; beyond, closed at once.
    public static let limit = 64
    /// The longest wait for a refused client's next bytes or its close.
    public static let waitSeconds = 2.0

    /// What the loop does with the descriptor.
    public enum Action: Sendable, Equatable {
        /// Wait (up to `waitSeconds`) for it to be readable, then `woke`.
        case wait
        /// Close it now (and count a descriptor freed).
        case close
    }

    /// What a wake found.
    public enum Wake: Sendable, Equatable {
        /// Nothing came within `waitSeconds`.
        case timedOut
        /// The client closed, or reading failed.
        case ended
        /// Bytes were read and discarded; the client is still there.
        case stillOpen
    }

    /// The descriptors being drained.
    public private(set) var lingering: Set<Int32> = []

    public init() {}

    /// A connection was refused.
    public mutating func refused(_ fd: Int32) -> Action {
        guard lingering.count < Self.limit || lingering.contains(fd) else { return .close }
        lingering.insert(fd)
        return .wait
    }

    /// The wait could not be set up: close.
    public mutating func waitFailed(_ fd: Int32) -> Action {
        lingering.remove(fd)
        return .close
    }

    /// A wait ended; nil for a descriptor it does not hold (already closed).
    public mutating func woke(_ fd: Int32, _ wake: Wake) -> Action? {
        guard lingering.contains(fd) else { return nil }
        if wake == .stillOpen { return .wait }
        lingering.remove(fd)
        return .close
    }

    /// Shutdown: every descriptor still held, to close.
    public mutating func closeAll() -> Set<Int32> {
        defer { lingering = [] }
        return lingering
    }
}
