#if canImport(Glibc)
import Glibc
#endif

/// How a client finds the daemon with no path given (detentd(8), "FINDING
/// THE DAEMON"): `$DETENT_SOCKET` when set and not empty (then only it),
/// else `$XDG_RUNTIME_DIR/detent.sock` (the user service), else
/// `/run/detent/detent.sock` (the system service), else
/// `/tmp/detent-UID.sock`. Candidates that exist are tried in order and the
/// first that accepts wins; every failure is kept for the error.
public struct SocketDiscovery: Sendable {
    public static let systemPath = "/run/detent/detent.sock"

    public var environment: [String: String]
    /// The system service's socket (tests stand a temporary path in).
    public var systemPath: String
    /// The last resort, where `scripts/run` serves without XDG_RUNTIME_DIR.
    public var fallbackPath: String

    public init(environment: [String: String], systemPath: String = SocketDiscovery.systemPath,
                fallbackPath: String = "/tmp/detent-\(getuid()).sock") {
        self.environment = environment
        self.systemPath = systemPath
        self.fallbackPath = fallbackPath
    }

    /// The variable's path, when it decides alone.
    public var variable: String? {
        environment["DETENT_SOCKET"].flatMap { $0.isEmpty ? nil : $0 }
    }

    /// The paths tried, in order.
    public var candidates: [String] {
        if let variable { return [variable] }
        var paths: [String] = []
        if let runtime = environment["XDG_RUNTIME_DIR"], !runtime.isEmpty {
            paths.append(runtime.hasSuffix("/") ? runtime + "detent.sock" : runtime + "/detent.sock")
        }
        return paths + [systemPath, fallbackPath]
    }

    /// The first candidate that accepts a connection.
    public func connect() throws(DetentClientError) -> LineSocket {
        var tried: [DiscoveryAttempt] = []
        for path in candidates {
            switch LineSocket.connect(path) {
            case .success(let descriptor): return LineSocket(descriptor: descriptor, path: path)
            case .failure(let failure): tried.append(DiscoveryAttempt(path: path, errno: failure.code))
            }
        }
        throw .noDaemon(tried: tried, variable: variable != nil)
    }
}

/// One candidate that did not answer, and why.
public struct DiscoveryAttempt: Sendable, Equatable, CustomStringConvertible {
    public var path: String
    /// `absent`, `refused`, `permission denied`, or the system's words.
    public var reason: String

    public init(path: String, reason: String) {
        self.path = path
        self.reason = reason
    }

    init(path: String, errno code: Int32) {
        let reason = switch code {
        case ENOENT: "absent"
        case ECONNREFUSED: "refused"
        case EACCES, EPERM: "permission denied"
        default: String(cString: strerror(code))
        }
        self.init(path: path, reason: reason)
    }

    public var description: String { "\(path) (\(reason))" }
}
