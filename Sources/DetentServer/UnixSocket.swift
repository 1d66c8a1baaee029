#if canImport(Glibc)
import Glibc
#endif

/// Creating the listening Unix socket: the path checks a daemon owes its
/// administrator (never remove what is not a stale socket of ours).
enum UnixSocket {
    /// The bound and listening socket and the identity of its file.
    struct Bound {
        var fd: Int32
        var device: UInt64
        var inode: UInt64
    }

    static func errorText(_ code: Int32 = errno) -> String { String(cString: strerror(code)) }

    /// Fills a `sockaddr_un` for `path`, or fails if it does not fit `sun_path`.
    static func address(_ path: String) throws(ServerError) -> sockaddr_un {
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        let bytes = Array(path.utf8)
        let capacity = MemoryLayout.size(ofValue: address.sun_path)
        guard !bytes.isEmpty, bytes.count < capacity else {
            throw ServerError(.socketPath, "socket path \(path) is \(bytes.count) bytes; a Unix socket path must be 1 to \(capacity - 1) bytes")
        }
        guard !bytes.contains(0) else { throw ServerError(.socketPath, "socket path contains a NUL byte") }
        withUnsafeMutableBytes(of: &address.sun_path) { raw in
            raw.copyBytes(from: bytes)
            raw[bytes.count] = 0
        }
        return address
    }

    /// Whether something accepts connections on `path` now.
    static func answers(_ path: String) -> Bool {
        guard var address = try? address(path) else { return false }
        let fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard fd >= 0 else { return false }
        defer { close(fd) }
        let result = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
            }
        }
        return result == 0
    }

    /// Binds and listens on `path` with permissions `mode`. A leftover socket
    /// file nobody answers on is replaced; a live one, or a path that is not
    /// a socket, stops the start. The socket is bound at a staging name
    /// beside `path` and linked to it once it listens: a client that finds
    /// the file can connect (a file bound but not yet listening refuses).
    static func listen(at path: String, mode: UInt32) throws(ServerError) -> Bound {
        try clearStale(path)
        let staging = path + ".new"
        let staged = (try? address(staging)) != nil && (try? clearStale(staging)) != nil
        let name = staged ? staging : path
        var address = try address(name)
        let fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue) | Int32(SOCK_NONBLOCK.rawValue), 0)
        guard fd >= 0 else { throw ServerError(.system, "socket(AF_UNIX): \(errorText())") }
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
            }
        }
        guard bound == 0 else {
            let code = errno
            close(fd)
            if code == ENOENT {
                throw ServerError(.socketPath, "cannot create \(path): its folder does not exist")
            }
            if code == EADDRINUSE {
                throw ServerError(.addressInUse, "\(path) is in use")
            }
            throw ServerError(.socketPath, "cannot bind \(path): \(errorText(code))")
        }
        guard chmod(name, mode_t(mode)) == 0, Glibc.listen(fd, SOMAXCONN) == 0 else {
            let text = errorText()
            close(fd)
            unlink(name)
            throw ServerError(.system, "cannot listen on \(path): \(text)")
        }
        // A hard link, never replacing: a daemon that bound `path` meanwhile keeps it.
        if staged {
            let linked = link(staging, path) == 0
            let code = errno
            unlink(staging)
            guard linked else {
                close(fd)
                if code == EEXIST { throw ServerError(.addressInUse, "\(path) is in use") }
                throw ServerError(.socketPath, "cannot create \(path): \(errorText(code))")
            }
        }
        var mine = stat()
        stat(path, &mine)
        return Bound(fd: fd, device: UInt64(mine.st_dev), inode: UInt64(mine.st_ino))
    }

    /// Removes a socket file at `path` nobody answers on; a live one, or a
    /// path that is not a socket, throws.
    private static func clearStale(_ path: String) throws(ServerError) {
        var info = stat()
        guard lstat(path, &info) == 0 else { return }
        guard info.st_mode & S_IFMT == S_IFSOCK else {
            throw ServerError(.socketPath, "\(path) exists and is not a socket; not removing it (choose another --socket or remove it yourself)")
        }
        if answers(path) {
            throw ServerError(.addressInUse, "another daemon is answering on \(path); stop it first or choose another --socket")
        }
        guard unlink(path) == 0 || errno == ENOENT else {
            throw ServerError(.socketPath, "cannot remove the stale socket \(path): \(errorText())")
        }
    }

    /// Removes the socket file if it is still the one we bound.
    static func remove(_ path: String, ifStill bound: Bound) {
        var info = stat()
        guard lstat(path, &info) == 0, UInt64(info.st_dev) == bound.device, UInt64(info.st_ino) == bound.inode else { return }
        unlink(path)
    }
}
