import DetentClient
import Foundation

/// A blocking client with timeouts for tests: the client library's
/// `LineSocket`, failing with `TestFailure` instead of waiting forever.
public final class TestClient: @unchecked Sendable {
    let socket: LineSocket
    public var fd: Int32 { socket.fd }

    public init(path: String, timeout: Double = 10) throws {
        do {
            socket = try LineSocket(path: path)
        } catch {
            throw TestFailure(error.description)
        }
        var tv = timeval(tv_sec: Int(timeout), tv_usec: Int((timeout - timeout.rounded(.down)) * 1e6))
        setsockopt(socket.fd, SOL_SOCKET, SO_RCVTIMEO, &tv, socklen_t(MemoryLayout<timeval>.size))
        setsockopt(socket.fd, SOL_SOCKET, SO_SNDTIMEO, &tv, socklen_t(MemoryLayout<timeval>.size))
    }

    /// A client of a daemon that is starting: connects once its socket
    /// answers (bounded: about 5 s), else nil.
    public static func waiting(for path: String, timeout: Double = 10) -> TestClient? {
        for _ in 0..<200 {
            if let client = try? TestClient(path: path, timeout: timeout) { return client }
            usleep(25_000)
        }
        return nil
    }

    /// Reads `count` lines and compares each with `expected(i)`; returns the
    /// first difference (for the test to record), or nil when all match.
    public func mismatch(in count: Int, of view: (String) -> String = { $0 }, expected: (Int) -> String) throws -> String? {
        for i in 0..<count {
            let line = try readLine().map(view)
            let want = expected(i)
            if line != want { return "line \(i): \(line ?? "EOF") instead of \(want)" }
        }
        return nil
    }

    /// Writes every byte.
    public func send(_ text: String) throws { try send(Array(text.utf8)) }

    public func send(_ bytes: [UInt8]) throws {
        var offset = 0
        while offset < bytes.count {
            let n = bytes.withUnsafeBytes { Glibc.send(fd, $0.baseAddress! + offset, $0.count - offset, Int32(MSG_NOSIGNAL)) }
            if n < 0 {
                if errno == EINTR { continue }
                throw TestFailure("send: \(String(cString: strerror(errno)))")
            }
            offset += n
        }
    }

    /// The next line, without its newline; nil at EOF.
    public func readLine() throws -> String? {
        do {
            return try socket.readLine()
        } catch {
            throw TestFailure("recv: \(error.description)")
        }
    }

    /// Whether a reply is waiting (or arrives within `milliseconds`).
    public func readable(within milliseconds: Int32) -> Bool {
        if socket.hasBufferedLine { return true }
        var entry = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
        return poll(&entry, 1, milliseconds) == 1
    }

    /// Sends one line and reads one reply line.
    public func request(_ line: String) throws -> String {
        try send(line + "\n")
        guard let reply = try readLine() else { throw TestFailure("EOF instead of a reply to \(line)") }
        return reply
    }

    /// Sends a line that makes a decision; its reply as the decision alone.
    public func decide(_ line: String) throws -> String {
        DecisionText.withoutMotion(try request(line))
    }

    /// The next line as a decision alone (`DecisionText`); nil at EOF.
    public func readDecision() throws -> String? {
        try readLine().map(DecisionText.withoutMotion)
    }

    /// Every line until the server closes.
    public func readAll() throws -> [String] {
        var lines: [String] = []
        while let line = try readLine() { lines.append(line) }
        return lines
    }

    /// Half-closes: no more requests, replies still arrive.
    public func finishSending() { socket.finishWriting() }
}
