import Foundation
import Testing
import DetentTestSupport

/// A client that finds the daemon's socket file can connect: the file
/// appears only once the daemon listens. (A fresh-clone CI run once met
/// the file bound but not yet listening: the GTK window's test got
/// ECONNREFUSED.) strace holds the daemon in its `listen` call for 400 ms,
/// so a file there before it listens would be seen for sure.
@Suite(.serialized) struct SocketReadinessTests {
    /// Connects to `path` once; 0, or the failure's `errno`.
    static func connectError(_ path: String) -> Int32 {
        let fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(fd) }
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &address.sun_path) { raw in
            let bytes = Array(path.utf8)
            raw.copyBytes(from: bytes)
            raw[bytes.count] = 0
        }
        let result = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
        }
        return result == 0 ? 0 : errno
    }

    @Test func theSocketFileAppearsOnlyOnceItAnswers() throws {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/strace") else {
            Issue.record("strace is not installed (scripts/setup --test installs it)")
            return
        }
        let directory = try TestServer.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let path = directory + "/d.sock"
        // Watched before the daemon starts: each name made in the folder wakes the wait.
        let watch = inotify_init1(Int32(IN_CLOEXEC))
        defer { close(watch) }
        guard watch >= 0, inotify_add_watch(watch, directory, UInt32(IN_CREATE) | UInt32(IN_MOVED_TO)) >= 0 else {
            throw TestFailure("inotify: \(String(cString: strerror(errno)))")
        }
        let daemon = Process()
        daemon.executableURL = URL(fileURLWithPath: "/usr/bin/strace")
        daemon.arguments = ["-f", "-qq", "-o", "/dev/null", "-e", "trace=listen", "-e", "inject=listen:delay_enter=400000",
                            BuiltProducts.executable("detentd"), "--socket", path, "--log-level", "warning"]
        try daemon.run()
        // strace detaches from detentd when it is stopped itself: stop detentd, and strace goes with it.
        defer {
            let children = (try? String(contentsOfFile: "/proc/\(daemon.processIdentifier)/task/\(daemon.processIdentifier)/children",
                                        encoding: .utf8)) ?? ""
            for child in children.split(separator: " ").compactMap({ pid_t($0) }) { kill(child, SIGTERM) }
            daemon.waitUntilExit()
        }
        let deadline = Date().addingTimeInterval(20)
        var info = stat()
        var events = [UInt8](repeating: 0, count: 4096)
        while lstat(path, &info) != 0 {
            guard Date() < deadline, daemon.isRunning else { throw TestFailure("detentd made no socket file under strace") }
            var entry = pollfd(fd: watch, events: Int16(POLLIN), revents: 0)
            if poll(&entry, 1, 100) == 1 {
                _ = events.withUnsafeMutableBytes { read(watch, $0.baseAddress, $0.count) }
            }
        }
        let error = Self.connectError(path)
        #expect(error == 0, "the socket file was there, but connect failed: \(String(cString: strerror(error)))")
        // Once it answers, its start is over: the staging name is gone.
        let client = try TestClient(path: path, timeout: 10)
        #expect(try client.request("ping") == "pong")
        #expect(!FileManager.default.fileExists(atPath: path + ".new"), "the staging name is gone")
    }
}
