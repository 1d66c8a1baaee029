import Foundation

/// A blocking Unix socket client with a read timeout: what a UI would do,
/// byte for byte.
public final class TestClient: @unchecked Sendable {
    public let fd: Int32
    private var buffer: [UInt8] = []

    public init(path: String, timeout: Double = 10) throws {
        // `fd` is set only once connected: a throwing init of a fully
        // initialised object runs deinit, which would close it a second time
        // (and maybe someone else's descriptor by then).
        let descriptor = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard descriptor >= 0 else { throw TestFailure("socket failed") }
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        let bytes = Array(path.utf8)
        withUnsafeMutableBytes(of: &address.sun_path) { raw in
            raw.copyBytes(from: bytes)
            raw[bytes.count] = 0
        }
        let result = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                Glibc.connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
            }
        }
        guard result == 0 else {
            let text = String(cString: strerror(errno))
            close(descriptor)
            throw TestFailure("connect \(path): \(text)")
        }
        var tv = timeval(tv_sec: Int(timeout), tv_usec: Int((timeout - timeout.rounded(.down)) * 1e6))
        setsockopt(descriptor, SOL_SOCKET, SO_RCVTIMEO, &tv, socklen_t(MemoryLayout<timeval>.size))
        setsockopt(descriptor, SOL_SOCKET, SO_SNDTIMEO, &tv, socklen_t(MemoryLayout<timeval>.size))
        fd = descriptor
    }

    deinit { close(fd) }

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
        while true {
            if let newline = buffer.firstIndex(of: 0x0A) {
                let line = String(decoding: buffer[..<newline], as: UTF8.self)
                buffer.removeSubrange(...newline)
                return line
            }
            var chunk = [UInt8](repeating: 0, count: 65536)
            let n = chunk.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
            if n == 0 {
                if buffer.isEmpty { return nil }
                throw TestFailure("EOF after a partial line: \(String(decoding: buffer, as: UTF8.self))")
            }
            if n < 0 {
                if errno == EINTR { continue }
                throw TestFailure("recv: \(String(cString: strerror(errno)))")
            }
            buffer += chunk[0..<n]
        }
    }

    /// Whether a reply is waiting (or arrives within `milliseconds`).
    public func readable(within milliseconds: Int32) -> Bool {
        if buffer.contains(0x0A) { return true }
        var entry = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
        return poll(&entry, 1, milliseconds) == 1
    }

    /// Sends one line and reads one reply line.
    public func request(_ line: String) throws -> String {
        try send(line + "\n")
        guard let reply = try readLine() else { throw TestFailure("EOF instead of a reply to \(line)") }
        return reply
    }

    /// Every line until the server closes.
    public func readAll() throws -> [String] {
        var lines: [String] = []
        while let line = try readLine() { lines.append(line) }
        return lines
    }

    /// Half-closes: no more requests, replies still arrive.
    public func finishSending() { shutdown(fd, Int32(SHUT_WR)) }
}
