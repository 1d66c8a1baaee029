#if canImport(Glibc)
import Glibc
#endif

/// systemd socket activation (sd_listen_fds(3) without libsystemd): when
/// `LISTEN_PID` is this process and `LISTEN_FDS` >= 1, the listening socket
/// is fd 3.
public enum SocketActivation {
    static let firstDescriptor: Int32 = 3

    /// The socket systemd passed, checked to be a listening AF_UNIX stream
    /// socket and made non-blocking and close-on-exec; nil when none was
    /// passed. The variables are unset so children do not inherit them.
    public static func take(environment: [String: String]) throws(ServerError) -> Int32? {
        guard let pid = environment["LISTEN_PID"], Int32(pid) == getpid(),
              let count = environment["LISTEN_FDS"].flatMap({ Int($0) }), count >= 1 else { return nil }
        for name in ["LISTEN_PID", "LISTEN_FDS", "LISTEN_FDNAMES"] { unsetenv(name) }
        let fd = firstDescriptor
        var type: Int32 = 0
        var domain: Int32 = 0
        var listening: Int32 = 0
        var size = socklen_t(MemoryLayout<Int32>.size)
        guard getsockopt(fd, SOL_SOCKET, SO_TYPE, &type, &size) == 0, type == Int32(SOCK_STREAM.rawValue) else {
            throw ServerError(.socketPath, "LISTEN_FDS: fd 3 is not a stream socket")
        }
        size = socklen_t(MemoryLayout<Int32>.size)
        guard getsockopt(fd, SOL_SOCKET, SO_DOMAIN, &domain, &size) == 0, domain == AF_UNIX else {
            throw ServerError(.socketPath, "LISTEN_FDS: fd 3 is not an AF_UNIX socket (use ListenStream=/path)")
        }
        size = socklen_t(MemoryLayout<Int32>.size)
        guard getsockopt(fd, SOL_SOCKET, SO_ACCEPTCONN, &listening, &size) == 0, listening == 1 else {
            throw ServerError(.socketPath, "LISTEN_FDS: fd 3 is not listening")
        }
        let flags = fcntl(fd, F_GETFL)
        guard flags >= 0, fcntl(fd, F_SETFL, flags | O_NONBLOCK) == 0,
              fcntl(fd, F_SETFD, fcntl(fd, F_GETFD) | FD_CLOEXEC) == 0 else {
            throw ServerError(.system, "LISTEN_FDS: cannot configure fd 3: \(String(cString: strerror(errno)))")
        }
        return fd
    }

    /// The path a Unix socket is bound to, for logs and status.
    public static func boundPath(of fd: Int32) -> String {
        var address = sockaddr_un()
        var length = socklen_t(MemoryLayout<sockaddr_un>.size)
        let ok = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) == 0 }
        }
        guard ok else { return "(fd \(fd))" }
        let bytes = withUnsafeBytes(of: address.sun_path) { Array($0) }
        let pathLength = Int(length) - MemoryLayout<sa_family_t>.size
        guard pathLength > 0 else { return "(unnamed socket, fd \(fd))" }
        if bytes[0] == 0 { return "@" + String(decoding: bytes[1..<pathLength], as: UTF8.self) }
        return String(decoding: bytes.prefix(pathLength).prefix { $0 != 0 }, as: UTF8.self)
    }
}
