import Foundation
import Testing
import DetentCore
import DetentTestSupport

/// The `detentd` executable: command line, config checks, signals.
@Suite(.serialized) struct DaemonTests {
    static let repository = BuiltProducts.repositoryRoot

    static let socatPath = ["/usr/bin/socat", "/bin/socat"].first { FileManager.default.isExecutableFile(atPath: $0) }

    @Test func checkPrintsEveryPluginWithEffectiveOptions() throws {
        let output = try Daemon.run(["--check", "--config", Self.repository + "/plugins.json"])
        #expect(output.status == 0)
        // The columns are as wide as the longest name: compare words, not spaces.
        let lines = output.stdout.split(separator: "\n").map { $0.split(separator: " ").joined(separator: " ") }
        #expect(lines.contains("listen: /run/detent/detent.sock (socketMode 0660)"))
        #expect(lines.contains("cards strategy=flick flickVelocity=1 decelerationRate=0.998 rubberBand=0.55 align=center maxDecayMs=2000 springResponseMs=400 wheelLockMs=150"))
        #expect(lines.contains { $0.hasPrefix("peek strategy=paging page=pitch flickVelocity=0.5 ") })
        #expect(lines.contains { $0.hasPrefix("thumbs strategy=nearest snapType=mandatory proximity=viewport/3 stop=normal decelerationRate=0.99 ") })
        #expect(lines.contains("carousel strategy=carousel autoplayMs=2000 decelerationRate=0.998 rubberBand=0.55 align=center maxDecayMs=2000 springResponseMs=400 wheelLockMs=150"))
        #expect(lines.contains { $0.hasPrefix("embla strategy=embla skipSnaps=false dragFree=false pointer=touch containScroll=trimSnaps density=1 ") })
        #expect(lines.contains { $0.hasPrefix("compose-pager strategy=compose-pager pages=1 snapPositionalThreshold=0.5 touchSlop=8 density=1 ") })
        #expect(lines.contains { $0.hasPrefix("android-linear strategy=android-linear density=1 decelerationRate=0.998 rubberBand=0.55 align=center ") })
        // Names line up: every plugin line has its strategy at the same column.
        let columns = output.stdout.split(separator: "\n").filter { $0.hasPrefix("  ") && $0.contains(" strategy=") }
            .map { $0.distance(from: $0.startIndex, to: $0.range(of: " strategy=")!.lowerBound) }
        #expect(columns.count == 16 && Set(columns).count == 1, "\(columns)")
    }

    @Test func checkFailsWithEveryErrorNamed() throws {
        let directory = try TestServer.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let path = directory + "/plugins.json"
        try #"{"plugins":[{"name":"cards","strategy":"flick","options":{"flikVelocity":1}},{"name":"x","strategy":"pagin"}]}"#
            .write(toFile: path, atomically: true, encoding: .utf8)
        let output = try Daemon.run(["--check", "--config", path])
        #expect(output.status == 1)
        #expect(output.stderr.contains(#"\#(path): plugins[0].options.flikVelocity: unknown option of strategy "flick" (did you mean "flickVelocity"?)"#))
        #expect(output.stderr.contains(#"\#(path): plugins[1].strategy: no strategy is named "pagin" (did you mean "paging"?)"#))
        let missing = try Daemon.run(["--check", "--config", directory + "/nope.json"])
        #expect(missing.status == 1)
        #expect(missing.stderr.contains("nope.json: (top level): cannot open: No such file or directory"))
    }

    @Test func checkWithoutConfigUsesTheEmbeddedCopy() throws {
        let directory = try TestServer.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        guard !FileManager.default.fileExists(atPath: "/etc/detent/plugins.json") else { return }
        let output = try Daemon.run(["--check"], in: directory)
        #expect(output.status == 0)
        #expect(output.stdout.hasPrefix("(embedded plugins.json): ok"))
    }

    @Test func helpExplainsEveryFlagAndUsageErrorsExit64() throws {
        let help = try Daemon.run(["--help"])
        #expect(help.status == 0)
        for flag in ["--config", "--socket", "--check", "--log-level", "SIGHUP", "SIGTERM", "Exit status"] {
            #expect(help.stdout.contains(flag), "\(flag)")
        }
        #expect(try Daemon.run(["--bogus"]).status == 64)
        #expect(try Daemon.run(["--log-level", "loud"]).status == 64)
    }

    @Test(arguments: [SIGTERM, SIGINT])
    func sigtermAndSigintStopCleanlyAndRemoveTheSocket(signal: Int32) throws {
        let directory = try TestServer.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let socket = directory + "/d.sock"
        let process = try Daemon.start(["--config", Self.repository + "/plugins.json", "--socket", socket], socket: socket)
        let client = try TestClient(path: socket)
        #expect(try client.request("open s=c viewport=375 item=343 count=5") == "opened s=c plugin=cards index=0 x=0 snaps=5")
        // Requests already read are answered before the close. The 200
        // lines go in one write and are read in one read: once the first is
        // answered, all were read.
        try client.send(String(repeating: "ping\n", count: 200))
        #expect(try client.readLine() == "pong")
        kill(process.processIdentifier, signal)
        try #require(Daemon.wait(process), "detentd did not stop on signal \(signal)")
        #expect(process.terminationStatus == 0)
        #expect(!FileManager.default.fileExists(atPath: socket))
        #expect(try client.readAll() == Array(repeating: "pong", count: 199))
    }

    @Test func theDoneWhenCommandThroughSocat() throws {
        guard let socat = Self.socatPath else {
            Issue.record("socat is not installed (scripts/test installs it)")
            return
        }
        let directory = try TestServer.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let socket = directory + "/d.sock"
        let daemon = try Daemon.start(["--config", Self.repository + "/plugins.json", "--socket", socket], socket: socket)
        defer { daemon.terminate(); _ = Daemon.wait(daemon) }
        let shell = Process()
        shell.executableURL = URL(fileURLWithPath: "/bin/sh")
        shell.arguments = ["-c", #"printf 'open s=cards plugin=cards viewport=375 item=343 count=5 spacing=8 lead=16 trail=16\nend s=cards x=90 v=1.4\nend s=cards x=1e999\n' | "# + socat + " - UNIX-CONNECT:" + socket]
        let out = Pipe()
        shell.standardOutput = out
        try shell.run()
        let data = out.fileHandleForReading.readDataToEndOfFile()
        shell.waitUntilExit()
        #expect(String(decoding: data, as: UTF8.self) == """
            opened s=cards plugin=cards index=0 x=0 snaps=5
            snap s=cards index=1 x=351 mode=animate cause=release from=90 v=1.4 curve=spring omega=0.015707963267948967 ms=516
            error code=bad-value s=cards msg="x: not a finite number"

            """)
    }

    @Test func sighupReloadsForNewSessionsAndKeepsOpenOnes() throws {
        let directory = try TestServer.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let config = directory + "/plugins.json"
        let socket = directory + "/d.sock"
        try #"{"plugins":[{"name":"p","strategy":"flick","options":{"flickVelocity":1}}]}"#.write(toFile: config, atomically: true, encoding: .utf8)
        let log = directory + "/log"
        let process = try Daemon.start(["--config", config, "--socket", socket], socket: socket, log: log)
        defer { process.terminate(); _ = Daemon.wait(process) }
        let client = try TestClient(path: socket)
        #expect(try client.request("open s=old viewport=375 item=343 count=5") == "opened s=old plugin=p index=0 x=0 snaps=5")
        try #"{"plugins":[{"name":"p","strategy":"flick","options":{"flickVelocity":5}},{"name":"q","strategy":"paging"}]}"#
            .write(toFile: config, atomically: true, encoding: .utf8)
        kill(process.processIdentifier, SIGHUP)
        // Logged once the new config is in place: the next request sees it.
        #expect(Daemon.waitForLog(log, containing: "SIGHUP: reloaded \(config)"))
        #expect(try client.request("plugins") == "plugins names=p,q default=p")
        #expect(try client.request("open s=new viewport=375 item=343 count=5") == "opened s=new plugin=p index=0 x=0 snaps=5")
        // v=2 flicks under the old options (1), not under the new (5).
        #expect(try client.request("end s=old x=10 v=2").hasPrefix("snap s=old index=1"))
        #expect(try client.request("end s=new x=10 v=2").hasPrefix("snap s=new index=0"))
        // An invalid file changes nothing.
        try "{".write(toFile: config, atomically: true, encoding: .utf8)
        kill(process.processIdentifier, SIGHUP)
        // Wait for the daemon to have read it (its log says so), then the
        // old config must still be served.
        #expect(Daemon.waitForLog(log, containing: "is invalid; keeping the running config"), "the log never said the file was invalid")
        #expect(try client.request("plugins") == "plugins names=p,q default=p")
        #expect(process.isRunning)
    }

    @Test func socketPathSafety() throws {
        let directory = try TestServer.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let config = Self.repository + "/plugins.json"
        // A regular file is never removed.
        let file = directory + "/file.sock"
        try "keep me".write(toFile: file, atomically: true, encoding: .utf8)
        let refused = try Daemon.run(["--config", config, "--socket", file])
        #expect(refused.status == 1)
        #expect(refused.stderr.contains("exists and is not a socket"))
        #expect(try String(contentsOfFile: file, encoding: .utf8) == "keep me")
        // A live daemon is not displaced.
        let socket = directory + "/d.sock"
        let first = try Daemon.start(["--config", config, "--socket", socket], socket: socket)
        defer { first.terminate(); _ = Daemon.wait(first) }
        let second = try Daemon.run(["--config", config, "--socket", socket])
        #expect(second.status == 1)
        #expect(second.stderr.contains("another daemon is answering on \(socket)"))
        #expect(try TestClient(path: socket).request("ping") == "pong")
        // A stale socket file (its daemon killed) is replaced.
        kill(first.processIdentifier, SIGKILL)
        _ = Daemon.wait(first)
        #expect(FileManager.default.fileExists(atPath: socket))
        let third = try Daemon.start(["--config", config, "--socket", socket], socket: socket)
        defer { third.terminate(); _ = Daemon.wait(third) }
        #expect(try TestClient(path: socket).request("ping") == "pong")
        // A missing folder is a clear error.
        let nowhere = try Daemon.run(["--config", config, "--socket", directory + "/no/such/d.sock"])
        #expect(nowhere.status == 1)
        #expect(nowhere.stderr.contains("its folder does not exist"))
    }

    @Test func socketModeIsApplied() throws {
        let directory = try TestServer.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let config = directory + "/plugins.json"
        let socket = directory + "/d.sock"
        try #"{"socketMode":"0640","plugins":[{"name":"p","strategy":"flick"}]}"#.write(toFile: config, atomically: true, encoding: .utf8)
        let process = try Daemon.start(["--config", config, "--socket", socket], socket: socket)
        defer { process.terminate(); _ = Daemon.wait(process) }
        let attributes = try FileManager.default.attributesOfItem(atPath: socket)
        #expect((attributes[.posixPermissions] as? Int) == 0o640)
    }
}
