#if canImport(Glibc)
import Glibc
#endif

/// A blocking Unix stream socket that reads and writes lines: the transport
/// under `DetentClient`, and the raw one `detent send` prints verbatim.
/// One thread may read while another writes.
public final class LineSocket: @unchecked Sendable {
    public let fd: Int32
    public let path: String
    private var buffer: [UInt8] = []
    private var start = 0

    /// Connects to the daemon's socket at `path`.
    public convenience init(path: String) throws(DetentClientError) {
        switch Self.connect(path) {
        case .success(let descriptor): self.init(descriptor: descriptor, path: path)
        case .failure(let failure):
            throw .notRunning(path: path, reason: failure.code == EINVAL ? "not a usable socket path" : failure.description)
        }
    }

    /// Takes over a connected descriptor.
    init(descriptor: Int32, path: String) {
        fd = descriptor
        self.path = path
    }

    /// A descriptor connected to `path`, or the `errno` of what failed.
    static func connect(_ path: String) -> Result<Int32, SystemErrno> {
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        let bytes = Array(path.utf8)
        guard !bytes.isEmpty, bytes.count < MemoryLayout.size(ofValue: address.sun_path) else { return .failure(SystemErrno(EINVAL)) }
        withUnsafeMutableBytes(of: &address.sun_path) { raw in
            raw.copyBytes(from: bytes)
            raw[bytes.count] = 0
        }
        let descriptor = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard descriptor >= 0 else { return .failure(SystemErrno(errno)) }
        let result = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                Glibc.connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
            }
        }
        guard result == 0 else {
            let code = errno
            close(descriptor)
            return .failure(SystemErrno(code))
        }
        return .success(descriptor)
    }

    /// Writes all of `text`.
    public func write(_ text: String) throws(DetentClientError) {
        try write(Array(text.utf8))
    }

    /// Writes all of `bytes`.
    public func write(_ bytes: [UInt8]) throws(DetentClientError) {
        var bytes = bytes
        var offset = 0
        while offset < bytes.count {
            let n = bytes.withUnsafeMutableBytes { send(fd, $0.baseAddress! + offset, $0.count - offset, Int32(MSG_NOSIGNAL)) }
            if n < 0, errno == EINTR { continue }
            guard n > 0 else { throw .closed(reason: String(cString: strerror(errno))) }
            offset += n
        }
    }

    /// The next line without its newline; nil when the daemon closed.
    public func readLine() throws(DetentClientError) -> String? {
        while true {
            if let newline = buffer[start...].firstIndex(of: 0x0A) {
                let line = String(decoding: buffer[start..<newline], as: UTF8.self)
                start = newline + 1
                if start > 65536 || start == buffer.count {
                    buffer.removeFirst(start)
                    start = 0
                }
                return line
            }
            var chunk = [UInt8](repeating: 0, count: 65536)
            let n = chunk.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
            if n < 0, errno == EINTR { continue }
            if n < 0 { throw .closed(reason: String(cString: strerror(errno))) }
            if n == 0 { return nil }
            buffer.append(contentsOf: chunk[0..<n])
        }
    }

    /// The process at the other end (the daemon), from `SO_PEERCRED`.
    public var peerProcess: Int32? {
        // Linux's struct ucred: pid, uid, gid, three 32-bit fields.
        var credentials: (pid: Int32, uid: UInt32, gid: UInt32) = (0, 0, 0)
        var length = socklen_t(MemoryLayout<(Int32, UInt32, UInt32)>.size)
        guard getsockopt(fd, SOL_SOCKET, SO_PEERCRED, &credentials, &length) == 0, credentials.pid > 0 else { return nil }
        return credentials.pid
    }

    /// Whether a complete line is already buffered.
    public var hasBufferedLine: Bool { buffer[start...].contains(0x0A) }

    /// No more requests; replies keep coming.
    public func finishWriting() { shutdown(fd, Int32(SHUT_WR)) }

    /// Ends both directions (a blocked reader returns nil).
    public func shutDown() { shutdown(fd, Int32(SHUT_RDWR)) }

    deinit { close(fd) }
}
