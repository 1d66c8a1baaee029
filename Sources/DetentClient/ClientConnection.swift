#if canImport(Glibc)
import Glibc
#endif
import FoundationEssentials
import Synchronization

/// The socket and what is waiting on it, shared by the client and its
/// reader thread (which must not keep the client alive).
final class ClientConnection: Sendable {
    let socket: LineSocket
    private let state = Mutex(State())
    let pushes: AsyncStream<PushedDecision>
    private let pushSink: AsyncStream<PushedDecision>.Continuation

    struct State {
        /// Requests sent and not yet answered, oldest first.
        var pending: [ReplySlot] = []
        var head = 0
        /// Why the connection is gone, once it is.
        var closed: DetentClientError?
    }

    init(socket: LineSocket) {
        self.socket = socket
        (pushes, pushSink) = AsyncStream.makeStream(of: PushedDecision.self, bufferingPolicy: .bufferingNewest(1024))
    }

    /// Connects to `path` and starts reading.
    static func connect(_ path: String) throws(DetentClientError) -> ClientConnection {
        let connection = ClientConnection(socket: try LineSocket(path: path))
        do throws(DetachedThreadError) {
            try DetachedThread.start { connection.readLoop() }
        } catch {
            throw .closed(reason: error.description)
        }
        return connection
    }

    /// Writes a request and waits for its reply (replies come in order).
    func request(_ line: String) async throws -> Reply {
        try await enqueue(line).reply()
    }

    /// Writes a request now and returns where its reply will arrive, so
    /// several can be in flight in a known order.
    func enqueue(_ line: String) throws(DetentClientError) -> ReplySlot {
        let slot = ReplySlot()
        // Enqueue and write under one lock: the queue's order is the
        // wire's order, whatever threads call at once.
        let failure: DetentClientError? = state.withLock { state in
            if let closed = state.closed { return closed }
            state.pending.append(slot)
            do throws(DetentClientError) {
                try socket.write(line + "\n")
            } catch {
                state.pending.removeLast()
                return error
            }
            return nil
        }
        if let failure { throw failure }
        return slot
    }

    /// Reads lines until EOF: replies to their requests, pushes to the stream.
    func readLoop() {
        var reason = "end of stream"
        do throws(DetentClientError) {
            while let line = try socket.readLine() { deliver(line) }
        } catch {
            reason = error.description
        }
        finish(DetentClientError.closed(reason: reason))
    }

    private func deliver(_ line: String) {
        if let reply = try? Reply(line), reply.isPush, let session = reply["s"], let decision = try? reply.decision() {
            pushSink.yield(PushedDecision(session: session, decision: decision))
            return
        }
        let waiting: ReplySlot? = state.withLock { state in
            guard state.head < state.pending.count else { return nil }
            let next = state.pending[state.head]
            state.head += 1
            if state.head > 64, state.head * 2 > state.pending.count {
                state.pending.removeFirst(state.head)
                state.head = 0
            }
            return next
        }
        guard let waiting else { return }  // a line nobody asked for: ignore
        do {
            waiting.fulfil(.success(try Reply(line)))
        } catch {
            waiting.fulfil(.failure(error))
        }
    }

    /// Fails everything still waiting and ends the push stream.
    private func finish(_ error: DetentClientError) {
        let (waiting, reason): ([ReplySlot], DetentClientError) = state.withLock { state in
            state.closed = state.closed ?? error
            let rest = Array(state.pending[state.head...])
            state.pending = []
            state.head = 0
            return (rest, state.closed ?? error)
        }
        for slot in waiting { slot.fulfil(.failure(reason)) }
        pushSink.finish()
    }

    /// Ends the connection; waiting requests fail with `closed`. The socket
    /// itself is closed when the last reference (the reader's) goes.
    func shutDown() {
        state.withLock { state in
            if state.closed == nil { state.closed = .closed(reason: "the client disconnected") }
        }
        socket.shutDown()
    }
}
