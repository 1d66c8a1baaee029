import Foundation

/// Tests/Conformance/discovery.txt: the discovery rule's cases, each set
/// up for real in a temporary folder (listening sockets, stale socket
/// files) with temporary paths standing in for the fixed ones.
public struct DiscoveryCase: Sendable, CustomStringConvertible {
    public var name: String
    public var variable: String
    public var runtime: String
    public var listening: [String]
    public var stale: [String]
    /// The candidate connected to, or nil for a failure.
    public var connects: String?
    /// For a failure: each candidate tried and why, in order.
    public var failures: [(candidate: String, reason: String)]

    public var description: String { name }

    public static func all() throws -> [DiscoveryCase] {
        let text = try String(contentsOfFile: BuiltProducts.repositoryFile("Tests/Conformance/discovery.txt"), encoding: .utf8)
        return try text.split(separator: "\n").filter { !$0.hasPrefix("#") }.map { row in
            let cells = row.split(separator: " ", omittingEmptySubsequences: true).map(String.init)
            guard cells.count == 6 else { throw TestFailure("discovery.txt: not 6 columns: \(row)") }
            func list(_ cell: String) -> [String] { cell == "-" ? [] : cell.split(separator: ",").map(String.init) }
            var failures: [(String, String)] = []
            var connects: String? = cells[5]
            if cells[5].hasPrefix("fail:") {
                connects = nil
                failures = cells[5].dropFirst(5).split(separator: ",").map { pair in
                    let parts = pair.split(separator: "=")
                    return (String(parts[0]), String(parts[1]))
                }
            }
            return DiscoveryCase(name: cells[0], variable: cells[1], runtime: cells[2], listening: list(cells[3]),
                                 stale: list(cells[4]), connects: connects, failures: failures)
        }
    }
}

/// One case set up: the candidates' paths under a temporary folder, with
/// listeners and stale files made, and the environment to look with.
public final class DiscoverySetup {
    public let directory: String
    public let paths: [String: String]
    public let environment: [String: String]
    private var listeners: [Int32] = []
    private var daemons: [TestServer] = []

    /// - Parameters:
    ///   - under: the folder to make its own in (a test that binds `run`
    ///     and `tmp` onto the real /run/detent and /tmp must not use /tmp).
    ///   - daemons: listen with real daemons, each offering one plugin
    ///     named after its candidate (so `hello` says which answered),
    ///     rather than plain listening sockets.
    public init(_ row: DiscoveryCase, under parent: String? = nil, daemons: Bool = false) throws {
        if let parent {
            try FileManager.default.createDirectory(atPath: parent, withIntermediateDirectories: true)
            var template = Array((parent + "/discovery-XXXXXX").utf8CString)
            guard let made = mkdtemp(&template) else { throw TestFailure("mkdtemp in \(parent)") }
            directory = String(cString: made)
        } else {
            directory = try TestServer.temporaryDirectory()
        }
        for folder in ["xdg", "run", "tmp"] { try FileManager.default.createDirectory(atPath: directory + "/" + folder, withIntermediateDirectories: true) }
        paths = ["variable": directory + "/var.sock", "user": directory + "/xdg/detent.sock",
                 "system": directory + "/run/detent.sock", "fallback": directory + "/tmp/detent-\(getuid()).sock"]
        var environment: [String: String] = [:]
        switch row.variable {
        case "variable": environment["DETENT_SOCKET"] = paths["variable"]
        case "empty": environment["DETENT_SOCKET"] = ""
        default: break
        }
        switch row.runtime {
        case "set": environment["XDG_RUNTIME_DIR"] = directory + "/xdg"
        case "empty": environment["XDG_RUNTIME_DIR"] = ""
        default: break
        }
        self.environment = environment
        for name in row.listening {
            if daemons {
                let json = #"{"plugins":[{"name":"\#(name)","strategy":"flick"}]}"#
                self.daemons.append(try TestServer(json: json, socket: paths[name]!))
            } else {
                listeners.append(try Self.bind(paths[name]!, listen: true))
            }
        }
        for name in row.stale { close(try Self.bind(paths[name]!, listen: false)) }
    }

    /// A Unix socket bound at `path`: listening, or (closed at once by the
    /// caller) a stale file that refuses.
    static func bind(_ path: String, listen: Bool) throws -> Int32 {
        let fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &address.sun_path) { raw in
            let bytes = Array(path.utf8)
            raw.copyBytes(from: bytes)
            raw[bytes.count] = 0
        }
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { Glibc.bind(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
        }
        guard fd >= 0, bound == 0, !listen || Glibc.listen(fd, 8) == 0 else {
            throw TestFailure("bind \(path): \(String(cString: strerror(errno)))")
        }
        return fd
    }

    /// Which candidate a connected path is.
    public func candidate(at path: String) -> String? { paths.first { $0.value == path }?.key }

    deinit {
        for fd in listeners { close(fd) }
        for daemon in daemons { daemon.stop() }
        try? FileManager.default.removeItem(atPath: directory)
    }
}
