#if canImport(Glibc)
import Glibc
#endif
import FoundationEssentials
import Synchronization

/// The socket and what is waiting on it, shared by the client, its reader
/// thread and its writer thread (neither of which keeps the client alive).
///
/// No I/O happens under the lock: a request is queued (its reply slot and
/// its bytes, in one step, so the queue's order is the wire's) and the
/// writer sends it; the reader delivers replies meanwhile. A burst larger
/// than the socket's buffers makes the daemon stop reading until its
/// replies are read, so writing while holding what the reader needs would
/// deadlock.
final class ClientConnection: Sendable {
    let socket: LineSocket
    private let state = Mutex(State())
    private let wake = WakeSignal()
    let pushes: AsyncStream<PushedDecision>
    private let pushSink: AsyncStream<PushedDecision>.Continuation

    struct State {
        /// Requests queued and not yet answered, oldest first.
        var pending: [ReplySlot] = []
        var head = 0
        /// Bytes queued and not yet taken by the writer.
        var outbox: [UInt8] = []
        /// Why the connection is gone, once it is.
        var closed: DetentClientError?
    }

    init(socket: LineSocket) {
        self.socket = socket
        (pushes, pushSink) = AsyncStream.makeStream(of: PushedDecision.self, bufferingPolicy: .bufferingNewest(1024))
    }

    /// Starts reading and writing on a connected socket.
    static func start(_ socket: LineSocket) throws(DetentClientError) -> ClientConnection {
        let connection = ClientConnection(socket: socket)
        do throws(DetachedThreadError) {
            try DetachedThread.start { connection.readLoop() }
            try DetachedThread.start { connection.writeLoop() }
        } catch {
            connection.shutDown()
            throw .closed(reason: error.description)
        }
        return connection
    }

    /// Queues a request and waits for its reply (replies come in order).
    func request(_ line: String) async throws -> Reply {
        try await enqueue(line).reply()
    }

    /// Queues a request and returns where its reply will arrive, so
    /// several can be in flight in a known order. Never blocks on the socket.
    func enqueue(_ line: String) throws(DetentClientError) -> ReplySlot {
        let slot = ReplySlot()
        let failure: DetentClientError? = state.withLock { state in
            if let closed = state.closed { return closed }
            state.pending.append(slot)
            state.outbox.append(contentsOf: line.utf8)
            state.outbox.append(0x0A)
            return nil
        }
        if let failure { throw failure }
        wake.signal()
        return slot
    }

    /// Sends what is queued, outside the lock, until the connection ends.
    private func writeLoop() {
        while true {
            wake.wait()
            let (bytes, ended): ([UInt8], Bool) = state.withLock { state in
                let bytes = state.outbox
                state.outbox = []
                return (bytes, state.closed != nil)
            }
            if ended { return }
            if bytes.isEmpty { continue }
            do throws(DetentClientError) {
                try socket.write(bytes)
            } catch {
                // The reader sees the end too and fails what is waiting.
                state.withLock { state in state.closed = state.closed ?? error }
                socket.shutDown()
                return
            }
        }
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

    /// Fails everything still waiting, stops the writer and ends the push stream.
    private func finish(_ error: DetentClientError) {
        let (waiting, reason): ([ReplySlot], DetentClientError) = state.withLock { state in
            state.closed = state.closed ?? error
            let rest = Array(state.pending[state.head...])
            state.pending = []
            state.head = 0
            state.outbox = []
            return (rest, state.closed ?? error)
        }
        wake.signal()
        for slot in waiting { slot.fulfil(.failure(reason)) }
        pushSink.finish()
    }

    /// Ends the connection; waiting requests fail with `closed`. The socket
    /// itself is closed when the last reference (a thread's) goes.
    func shutDown() {
        state.withLock { state in
            if state.closed == nil { state.closed = .closed(reason: "the client disconnected") }
        }
        socket.shutDown()
        wake.signal()
    }
}
