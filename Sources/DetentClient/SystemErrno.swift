#if canImport(Glibc)
import Glibc
#endif

/// A failed system call's `errno`.
struct SystemErrno: Error, CustomStringConvertible {
    var code: Int32
    init(_ code: Int32) { self.code = code }
    var description: String { String(cString: strerror(code)) }
}
