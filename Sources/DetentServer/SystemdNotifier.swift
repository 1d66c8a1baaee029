#if canImport(Glibc)
import Glibc
#endif
import CLibevent  // <sys/socket.h> as the rest of the target sees it (MSG_NOSIGNAL)

/// systemd's readiness protocol without libsystemd: datagrams of
/// `KEY=VALUE` lines to `$NOTIFY_SOCKET` (a path, or `@name` for the
/// abstract namespace). Does nothing when the variable is unset.
public final class SystemdNotifier: @unchecked Sendable {
    private let fd: Int32
    private var address = sockaddr_un()
    private var length: socklen_t = 0

    /// The notifier for `environment`, or nil when not under systemd.
    public init?(environment: [String: String]) {
        guard let path = environment["NOTIFY_SOCKET"], !path.isEmpty else { return nil }
        var bytes = Array(path.utf8)
        if bytes[0] == UInt8(ascii: "@") { bytes[0] = 0 }  // abstract namespace
        guard bytes.count < MemoryLayout.size(ofValue: address.sun_path) else { return nil }
        fd = socket(AF_UNIX, Int32(SOCK_DGRAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard fd >= 0 else { return nil }
        address.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &address.sun_path) { raw in raw.copyBytes(from: bytes) }
        length = socklen_t(MemoryLayout<sa_family_t>.size + bytes.count + (bytes[0] == 0 ? 0 : 1))
    }

    deinit { close(fd) }

    /// Sends one state update, e.g. `READY=1\nSTATUS=listening`.
    public func notify(_ state: String) {
        var message = Array(state.utf8)
        _ = withUnsafePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { target in
                message.withUnsafeMutableBytes { buffer in
                    sendto(fd, buffer.baseAddress, buffer.count, Int32(MSG_NOSIGNAL), target, length)
                }
            }
        }
    }

    /// `CLOCK_MONOTONIC` in microseconds, for `MONOTONIC_USEC=` with `RELOADING=1`.
    public static func monotonicMicroseconds() -> UInt64 {
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC, &now)
        return UInt64(now.tv_sec) * 1_000_000 + UInt64(now.tv_nsec) / 1000
    }

    /// The watchdog period asked for by `WATCHDOG_USEC` (for this process,
    /// when `WATCHDOG_PID` is set), or nil.
    public static func watchdogMicroseconds(environment: [String: String]) -> UInt64? {
        guard let text = environment["WATCHDOG_USEC"], let usec = UInt64(text), usec > 0 else { return nil }
        if let pid = environment["WATCHDOG_PID"], Int32(pid) != getpid() { return nil }
        return usec
    }
}
