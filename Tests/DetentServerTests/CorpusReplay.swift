import DetentTestSupport
import Foundation

/// Runs the corpus's steps against real detentd processes: one daemon at
/// a time, on a copy of its config in a temporary folder beside the
/// fixture plugin library, and any number of connections to it.
final class CorpusReplay {
    let directory: String
    private var daemon: Process?
    private var ready: TestClient?
    private var connections: [TestClient] = []

    init() throws {
        directory = try TestServer.temporaryDirectory()
        try PluginBuild.library("Tests/PluginFixtures/fixture.c", into: directory, name: "libfx.so")
    }

    /// Starts detentd on `config` (a file of Tests/Conformance), ending the one before.
    func start(config: String) throws {
        stopDaemon()
        let source = BuiltProducts.repositoryFile("Tests/Conformance/" + config)
        let copy = directory + "/" + config
        try? FileManager.default.removeItem(atPath: copy)
        try FileManager.default.copyItem(atPath: source, toPath: copy)
        let socket = directory + "/corpus.sock"
        let process = Process()
        process.executableURL = URL(fileURLWithPath: Daemon.executable)
        process.arguments = ["--config", copy, "--socket", socket]
        process.standardError = FileHandle.nullDevice
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        daemon = process
        // The first connection that succeeds is the first `@ connect`: a
        // probe of its own would count in stats and take a busy slot.
        guard let first = TestClient.waiting(for: socket) else { throw TestFailure("detentd did not come up on \(config)") }
        ready = first
    }

    func connect() throws {
        if let first = ready {
            connections.append(first)
            ready = nil
        } else {
            connections.append(try TestClient(path: directory + "/corpus.sock"))
        }
    }

    func send(_ line: String) throws {
        guard let connection = connections.last else { throw TestFailure("a request before @ connect") }
        try connection.send(line + "\n")
    }

    /// The next reply on the newest connection, normalized: the temporary
    /// folder reads DIR, `uptime` 0 and a refused peer uid 0, pid 1. Pushes are skipped while a reply
    /// is awaited unless they are the one expected (autoplay may step again).
    func read(push: Bool, skippingPushesOtherThan expected: String) throws -> String {
        guard let connection = connections.last else { throw TestFailure("a reply before @ connect") }
        while true {
            guard let raw = try connection.readLine() else { throw TestFailure("EOF instead of \(expected)") }
            let line = normalize(raw)
            let isPush = (line.contains(" cause=autoplay") || line.contains("\"cause\":\"autoplay\"")) && !line.contains("id")
            if isPush == push || line == expected { return line }
        }
    }

    private func normalize(_ line: String) -> String {
        var line = line.replacingOccurrences(of: directory, with: "DIR")
        for (pattern, replacement) in [(#"uptime=[0-9]+"#, "uptime=0"), (#""uptime":[0-9]+"#, "\"uptime\":0"),
                                        (#"uid [0-9]+ \(pid [0-9]+\)"#, "uid 0 (pid 1)")] {
            line = line.replacingOccurrences(of: pattern, with: replacement, options: .regularExpression)
        }
        return line
    }

    private func stopDaemon() {
        connections = []
        ready = nil
        if let daemon {
            daemon.terminate()
            _ = Daemon.wait(daemon)
        }
        daemon = nil
    }

    func stop() {
        stopDaemon()
        try? FileManager.default.removeItem(atPath: directory)
    }
}
