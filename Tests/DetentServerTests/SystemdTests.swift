import Foundation
import Testing
import DetentTestSupport

/// Running under systemd: readiness notifications, socket activation, the
/// journal's priorities. No systemd instance is needed: the test plays its
/// part with a datagram socket, systemd-socket-activate and environment.
@Suite(.serialized) struct SystemdTests {
    static let plugins = BuiltProducts.repositoryFile("plugins.json")

    /// A datagram socket standing in for systemd's notification socket.
    final class NotifySocket {
        let fd: Int32
        let name: String

        /// - Parameter abstract: bind in the abstract namespace (`@name`).
        init(path: String, abstract: Bool) throws {
            let descriptor = socket(AF_UNIX, Int32(SOCK_DGRAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
            var address = sockaddr_un()
            address.sun_family = sa_family_t(AF_UNIX)
            var bytes = Array(path.utf8)
            if abstract { bytes.insert(0, at: 0) }
            withUnsafeMutableBytes(of: &address.sun_path) { $0.copyBytes(from: bytes) }
            let length = socklen_t(MemoryLayout<sa_family_t>.size + bytes.count + (abstract ? 0 : 1))
            let result = withUnsafePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(descriptor, $0, length) }
            }
            guard result == 0 else {
                close(descriptor)
                throw TestFailure("bind notify socket: \(String(cString: strerror(errno)))")
            }
            var tv = timeval(tv_sec: 10, tv_usec: 0)
            setsockopt(descriptor, SOL_SOCKET, SO_RCVTIMEO, &tv, socklen_t(MemoryLayout<timeval>.size))
            fd = descriptor
            name = abstract ? "@" + path : path
        }

        deinit { close(fd) }

        /// The next datagram, or nil on timeout.
        func receive() -> String? {
            var buffer = [UInt8](repeating: 0, count: 4096)
            let n = buffer.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
            return n < 0 ? nil : String(decoding: buffer[0..<n], as: UTF8.self)
        }

        /// Datagrams until one starts with `prefix` (bounded); returns it.
        func receive(startingWith prefix: String) -> String? {
            for _ in 0..<100 {
                guard let message = receive() else { return nil }
                if message.hasPrefix(prefix) { return message }
            }
            return nil
        }
    }

    func environment(_ extra: [String: String]) -> [String: String] {
        var environment = ProcessInfo.processInfo.environment
        for key in ["NOTIFY_SOCKET", "WATCHDOG_USEC", "WATCHDOG_PID", "LISTEN_PID", "LISTEN_FDS", "JOURNAL_STREAM"] {
            environment[key] = nil
        }
        return environment.merging(extra) { $1 }
    }

    func start(_ arguments: [String], environment: [String: String], stderr: String? = nil) throws -> Process {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: Daemon.executable)
        process.arguments = arguments
        process.environment = environment
        process.standardOutput = FileHandle.nullDevice
        process.standardError = stderr.flatMap { FileHandle(forWritingAtPath: $0) } ?? FileHandle.nullDevice
        try process.run()
        return process
    }

    @Test(arguments: [false, true])
    func readinessReloadWatchdogAndStopAreNotified(abstract: Bool) throws {
        let directory = try TestServer.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let notify = try NotifySocket(path: abstract ? "detent-test-\(getpid())-notify" : directory + "/notify", abstract: abstract)
        let socket = directory + "/d.sock"
        let daemon = try start(["--config", Self.plugins, "--socket", socket],
                               environment: environment(["NOTIFY_SOCKET": notify.name, "WATCHDOG_USEC": "200000"]))
        defer { daemon.terminate(); _ = Daemon.wait(daemon) }
        #expect(notify.receive(startingWith: "READY=1") == "READY=1\nSTATUS=Serving on \(socket): plugins paging, cards, peek, banner, thumbs, shelf, carousel, flutter-page, embla, swiper, compose-pager, android-pager, android-linear, adwaita, qt-swipeview, css-snap")
        // Ready means listening: a client is served at once.
        #expect(try TestClient(path: socket).request("ping") == "pong")
        #expect(notify.receive(startingWith: "WATCHDOG=1") == "WATCHDOG=1")
        #expect(notify.receive(startingWith: "WATCHDOG=1") == "WATCHDOG=1")
        kill(daemon.processIdentifier, SIGHUP)
        let reloading = notify.receive(startingWith: "RELOADING=1")
        let stamp = reloading?.split(separator: "\n").last.flatMap { $0.hasPrefix("MONOTONIC_USEC=") ? UInt64($0.dropFirst(15)) : nil }
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC, &now)
        #expect(stamp.map { $0 > 0 && $0 <= UInt64(now.tv_sec) * 1_000_000 + UInt64(now.tv_nsec) / 1000 } == true, "\(reloading ?? "nothing")")
        #expect(notify.receive(startingWith: "READY=1") == "READY=1\nSTATUS=Serving on \(socket): plugins paging, cards, peek, banner, thumbs, shelf, carousel, flutter-page, embla, swiper, compose-pager, android-pager, android-linear, adwaita, qt-swipeview, css-snap")
        kill(daemon.processIdentifier, SIGTERM)
        #expect(notify.receive(startingWith: "STOPPING=1") == "STOPPING=1\nSTATUS=Stopping")
        #expect(Daemon.wait(daemon))
    }

    @Test func socketActivationUsesTheSocketSystemdPassedAndLeavesItsFile() throws {
        let activate = ["/usr/bin/systemd-socket-activate", "/bin/systemd-socket-activate"].first {
            FileManager.default.isExecutableFile(atPath: $0)
        }
        guard let activate else {
            Issue.record("systemd-socket-activate is not installed (scripts/setup --test installs systemd)")
            return
        }
        let directory = try TestServer.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let socket = directory + "/activated.sock"
        let log = directory + "/log"
        _ = FileManager.default.createFile(atPath: log, contents: nil)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: activate)
        // --socket names a path that must NOT be bound: the passed one wins.
        process.arguments = ["-l", socket, Daemon.executable, "--config", Self.plugins, "--socket", directory + "/unused.sock"]
        process.environment = environment([:])
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle(forWritingAtPath: log)
        try process.run()
        defer { process.terminate(); _ = Daemon.wait(process) }
        let client = TestClient.waiting(for: socket)
        #expect(try client?.request("ping") == "pong")
        #expect(try client?.request("open s=c viewport=375 item=343 count=5") == "opened s=c plugin=cards index=0 x=0 snaps=5")
        #expect(!FileManager.default.fileExists(atPath: directory + "/unused.sock"))
        let text = try String(contentsOfFile: log, encoding: .utf8)
        #expect(text.contains("listening on (passed by systemd) \(socket)"), "\(text)")
        kill(process.processIdentifier, SIGTERM)
        #expect(Daemon.wait(process))
        #expect(process.terminationStatus == 0)
        // systemd owns the socket file: the daemon never unlinks it.
        #expect(FileManager.default.fileExists(atPath: socket))
    }

    @Test func aPassedDescriptorThatIsNotAListeningUnixSocketIsRefused() throws {
        let cases = [
            ("exec 3</etc/hostname", "fd 3 is not a stream socket"),
        ]
        for (setup, message) in cases {
            let result = try ProcessOutput.run("/bin/sh", ["-c", "\(setup); LISTEN_PID=$$ LISTEN_FDS=1 exec \"$0\" --config \"$1\"",
                                                          Daemon.executable, Self.plugins])
            #expect(result.status == 1)
            #expect(result.stderr.contains(message), "\(result.stderr)")
        }
        // LISTEN_PID of another process: not for us, so bind as usual.
        let directory = try TestServer.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let socket = directory + "/d.sock"
        let daemon = try start(["--config", Self.plugins, "--socket", socket], environment: environment(["LISTEN_PID": "1", "LISTEN_FDS": "1"]))
        defer { daemon.terminate(); _ = Daemon.wait(daemon) }
        let client = TestClient.waiting(for: socket)
        #expect(try client?.request("ping") == "pong")
    }

    @Test func journalLinesCarrySyslogPriorities() throws {
        let directory = try TestServer.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let socket = directory + "/d.sock"
        let log = directory + "/journal"
        _ = FileManager.default.createFile(atPath: log, contents: nil)
        let attributes = try FileManager.default.attributesOfItem(atPath: log)
        let device = (attributes[.systemNumber] as? NSNumber)?.uint64Value ?? 0
        let inode = (attributes[.systemFileNumber] as? NSNumber)?.uint64Value ?? 0
        let daemon = try start(["--config", Self.plugins, "--socket", socket],
                               environment: environment(["JOURNAL_STREAM": "\(device):\(inode)"]), stderr: log)
        let client = TestClient.waiting(for: socket)
        #expect(try client?.request("ping") == "pong")
        kill(daemon.processIdentifier, SIGHUP)  // the embedded-less config reloads: notice lines
        kill(daemon.processIdentifier, SIGTERM)
        #expect(Daemon.wait(daemon))
        let lines = try String(contentsOfFile: log, encoding: .utf8).split(separator: "\n")
        #expect(lines.contains("<6>detentd: listening on \(socket) default=cards plugins=paging,cards,peek,banner,thumbs,shelf,carousel,flutter-page,embla,swiper,compose-pager,android-pager,android-linear,adwaita,qt-swipeview,css-snap"))
        #expect(lines.allSatisfy { $0.hasPrefix("<") }, "\(lines)")
        // A stderr that is not the file JOURNAL_STREAM names gets timestamps.
        let plain = directory + "/plain"
        _ = FileManager.default.createFile(atPath: plain, contents: nil)
        let other = try start(["--config", Self.plugins, "--socket", socket],
                              environment: environment(["JOURNAL_STREAM": "\(device):\(inode)"]), stderr: plain)
        _ = TestClient.waiting(for: socket)
        kill(other.processIdentifier, SIGTERM)
        #expect(Daemon.wait(other))
        let stamped = try String(contentsOfFile: plain, encoding: .utf8).split(separator: "\n")
        #expect(!stamped.isEmpty && stamped.allSatisfy { $0.hasPrefix("20") && $0.contains(" info detentd: ") }, "\(stamped)")
    }
}
