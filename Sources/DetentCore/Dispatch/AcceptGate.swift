/// When the daemon accepts, as a machine with no sockets: `accept(2)`
/// failures and freed descriptors in, what the event loop must do out.
///
/// Out of descriptors (`EMFILE`), the listener stays readable with clients
/// queued in its backlog. With a spare descriptor held, the loop gives it
/// up to accept one client, tells it `busy` and closes it (libuv's and
/// nginx's trick): a client beyond the limit hears at once instead of
/// hanging. Without one, accepting pauses until a descriptor is freed
/// (memcached's rule): healing takes no timer. Only a shortage that is not
/// the process's own (`ENFILE`, `ENOBUFS`, `ENOMEM`) waits for one.
public struct AcceptGate: Sendable, Equatable {
    /// Why `accept(2)` failed.
    public enum Failure: Sendable, Equatable {
        /// `EMFILE`: this process's descriptors are all in use.
        case processDescriptors
        /// `ENFILE`, `ENOBUFS`, `ENOMEM`: the system's.
        case systemResources
        /// `EAGAIN`, `EINTR`, `ECONNABORTED` and the like: nothing to do.
        case transient
    }

    /// What the event loop does, in order (an action that reports back may
    /// return more, done before the rest).
    public enum Action: Sendable, Equatable {
        /// Close the spare, accept one client, send it `busy`
        /// (`ErrorCode.busy`, `spareMessage`) and close it; then try to
        /// open the spare again and report it with `spareReopened(_:)`.
        case refuseWithSpare
        /// Open a spare descriptor and report it with `spareReopened(_:)`.
        case reopenSpare
        /// Stop watching the listener.
        case pause
        /// Watch the listener again.
        case resume
        /// Call `retryDue()` after `retrySeconds`.
        case armRetry
    }

    /// The backstop for a shortage of the system's.
    public static let retrySeconds = 1.0

    /// Whether the listener is watched.
    public private(set) var accepting = true
    /// Whether a spare descriptor is held for the next refusal.
    public private(set) var spareHeld: Bool
    private var retryArmed = false

    /// `spareHeld`: whether the loop opened its spare at start.
    public init(spareHeld: Bool) {
        self.spareHeld = spareHeld
    }

    /// The `busy` message a client refused through the spare reads.
    public static func spareMessage(descriptorLimit: Int) -> String {
        "out of file descriptors (RLIMIT_NOFILE is \(descriptorLimit)); try again later"
    }

    /// `accept(2)` failed.
    public mutating func acceptFailed(_ failure: Failure) -> [Action] {
        switch failure {
        case .transient:
            return []
        case .processDescriptors where spareHeld:
            spareHeld = false
            return [.refuseWithSpare]
        case .processDescriptors:
            return pause(retry: false)
        case .systemResources:
            return pause(retry: true)
        }
    }

    /// The spare was opened again (or could not be).
    public mutating func spareReopened(_ opened: Bool) -> [Action] {
        spareHeld = opened
        // With no spare the next failure would find nothing to refuse with:
        // wait for a descriptor instead of spinning on the readable listener.
        return opened ? [] : pause(retry: false)
    }

    /// A descriptor was closed (a client's, a refused one's): the first
    /// chance to take a queued client, or to get the spare back.
    public mutating func descriptorFreed() -> [Action] {
        var actions: [Action] = []
        if !accepting {
            accepting = true
            actions.append(.resume)
        }
        if !spareHeld { actions.append(.reopenSpare) }
        return actions
    }

    /// The backstop timer fired.
    public mutating func retryDue() -> [Action] {
        retryArmed = false
        guard !accepting else { return [] }
        accepting = true
        return spareHeld ? [.resume] : [.resume, .reopenSpare]
    }

    private mutating func pause(retry: Bool) -> [Action] {
        var actions: [Action] = []
        if accepting {
            accepting = false
            actions.append(.pause)
        }
        if retry && !retryArmed {
            retryArmed = true
            actions.append(.armRetry)
        }
        return actions
    }
}
