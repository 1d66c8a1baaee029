import Synchronization

/// Where one request's reply arrives: filled by the reader thread, awaited
/// by whoever sent the request, in either order.
public final class ReplySlot: Sendable {
    private enum State {
        case empty
        case waiting(CheckedContinuation<Reply, any Error>)
        case done(Result<Reply, any Error>)
    }

    private let state = Mutex(State.empty)

    init() {}

    /// Delivers the reply (or the failure); the first delivery wins.
    func fulfil(_ result: Result<Reply, any Error>) {
        let waiter: CheckedContinuation<Reply, any Error>? = state.withLock { state in
            switch state {
            case .empty:
                state = .done(result)
                return nil
            case .waiting(let continuation):
                state = .done(result)
                return continuation
            case .done:
                return nil
            }
        }
        waiter?.resume(with: result)
    }

    /// The reply, once it is there.
    public func reply() async throws -> Reply {
        try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Reply, any Error>) in
            let ready: Result<Reply, any Error>? = state.withLock { state in
                if case .done(let result) = state { return result }
                state = .waiting(continuation)
                return nil
            }
            if let ready { continuation.resume(with: ready) }
        }
    }
}
