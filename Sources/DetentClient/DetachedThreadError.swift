#if canImport(Glibc)
import Glibc
#endif

/// No thread could be started (`pthread_create` failed: EAGAIN, at a limit).
public struct DetachedThreadError: Error, Sendable, CustomStringConvertible {
    public let code: Int32
    public var description: String { "cannot start a thread: \(String(cString: strerror(code)))" }
}
