#if canImport(Glibc)
import Glibc
#endif
import Foundation
import Synchronization

/// The socket and what is waiting on it, shared by the client and its
/// reader thread (which must not keep the client alive).
final class ClientConnection: Sendable {
    let fd: Int32
    private let state = Mutex(State())
    let pushes: AsyncStream<PushedDecision>
    private let pushSink: AsyncStream<PushedDecision>.Continuation

    struct State {
        /// Requests sent and not yet answered, oldest first.
        var pending: [CheckedContinuation<Reply, any Error>] = []
        var head = 0
        /// Why the connection is gone, once it is.
        var closed: DetentClientError?
        /// The reader ended and closed the descriptor.
        var finished = false
    }

    init(fd: Int32) {
        self.fd = fd
        (pushes, pushSink) = AsyncStream.makeStream(of: PushedDecision.self, bufferingPolicy: .bufferingNewest(1024))
    }

    /// Connects to `path`.
    static func connect(_ path: String) throws(DetentClientError) -> ClientConnection {
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        let bytes = Array(path.utf8)
        guard !bytes.isEmpty, bytes.count < MemoryLayout.size(ofValue: address.sun_path) else {
            throw .notRunning(path: path, reason: "not a usable socket path")
        }
        withUnsafeMutableBytes(of: &address.sun_path) { raw in
            raw.copyBytes(from: bytes)
            raw[bytes.count] = 0
        }
        let fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard fd >= 0 else { throw .notRunning(path: path, reason: String(cString: strerror(errno))) }
        let result = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                Glibc.connect(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
            }
        }
        guard result == 0 else {
            let reason = String(cString: strerror(errno))
            close(fd)
            throw .notRunning(path: path, reason: reason)
        }
        let connection = ClientConnection(fd: fd)
        let reader = Thread { connection.readLoop() }
        reader.name = "detent-client-reader"
        reader.start()
        return connection
    }

    /// Writes a request and waits for its reply (replies come in order).
    func request(_ line: String) async throws -> Reply {
        try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Reply, any Error>) in
            // Enqueue and write under one lock: the queue's order is the
            // wire's order, whatever tasks call at once.
            let failure: (any Error)? = state.withLock { state in
                if let closed = state.closed { return closed }
                state.pending.append(continuation)
                var bytes = Array((line + "\n").utf8)
                var offset = 0
                while offset < bytes.count {
                    let n = bytes.withUnsafeMutableBytes { send(fd, $0.baseAddress! + offset, $0.count - offset, Int32(MSG_NOSIGNAL)) }
                    if n < 0, errno == EINTR { continue }
                    if n <= 0 {
                        state.pending.removeLast()
                        return DetentClientError.closed(reason: String(cString: strerror(errno)))
                    }
                    offset += n
                }
                return nil
            }
            if let failure { continuation.resume(throwing: failure) }
        }
    }

    /// Reads lines until EOF: replies to their requests, pushes to the stream.
    func readLoop() {
        var buffer: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65536)
        var reason = "end of stream"
        reading: while true {
            let n = chunk.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
            if n < 0, errno == EINTR { continue }
            if n <= 0 {
                if n < 0 { reason = String(cString: strerror(errno)) }
                break
            }
            buffer.append(contentsOf: chunk[0..<n])
            var start = 0
            while let newline = buffer[start...].firstIndex(of: 0x0A) {
                let line = String(decoding: buffer[start..<newline], as: UTF8.self)
                start = newline + 1
                deliver(line)
            }
            buffer.removeFirst(start)
        }
        finish(DetentClientError.closed(reason: reason))
    }

    private func deliver(_ line: String) {
        if let reply = try? Reply(line), reply.isPush, let session = reply["s"], let decision = try? reply.decision() {
            pushSink.yield(PushedDecision(session: session, decision: decision))
            return
        }
        let waiting: CheckedContinuation<Reply, any Error>? = state.withLock { state in
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
            waiting.resume(returning: try Reply(line))
        } catch {
            waiting.resume(throwing: error)
        }
    }

    /// Fails everything still waiting and ends the push stream.
    private func finish(_ error: DetentClientError) {
        let waiting: [CheckedContinuation<Reply, any Error>] = state.withLock { state in
            state.closed = state.closed ?? error
            let rest = Array(state.pending[state.head...])
            state.pending = []
            state.head = 0
            state.finished = true
            close(fd)  // under the lock: shutDown never touches a reused number
            return rest
        }
        let reason = state.withLock { $0.closed } ?? error
        for continuation in waiting { continuation.resume(throwing: reason) }
        pushSink.finish()
    }

    /// Ends the connection; waiting requests fail with `closed`.
    func shutDown() {
        state.withLock { state in
            if state.closed == nil { state.closed = .closed(reason: "the client disconnected") }
            if !state.finished { shutdown(fd, Int32(SHUT_RDWR)) }
        }
    }
}
