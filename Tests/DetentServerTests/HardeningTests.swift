import Foundation
import Testing
import DetentTestSupport

/// Issue 4: limits, faults, signals and hostile input, each against the real
/// daemon process, bounded in time and count.
@Suite(.serialized) struct HardeningTests {
    static let plugins = BuiltProducts.repositoryFile("plugins.json")

    /// A folder for a daemon's socket, config and log.
    final class Scratch {
        let path: String
        init() throws { path = try TestServer.temporaryDirectory() }
        deinit { try? FileManager.default.removeItem(atPath: path) }
        var socket: String { path + "/d.sock" }
        var log: String { path + "/log" }
        func write(_ name: String, _ text: String) throws -> String {
            let file = path + "/" + name
            try text.write(toFile: file, atomically: true, encoding: .utf8)
            return file
        }
        func logText() -> String { (try? String(contentsOfFile: log, encoding: .utf8)) ?? "" }
    }

    static func stop(_ process: Process) {
        process.terminate()
        _ = Daemon.wait(process)
    }

    /// Asks `stats` until it reports `count` connections besides the probe,
    /// and returns the probe, still open. The clients that left are freed
    /// as the daemon's loop turns, and each answer is a turn: it needs
    /// turns, not time (bounded, in case they never settle).
    @discardableResult
    static func waitForConnections(_ count: Int, on socket: String) throws -> TestClient {
        let probe = try TestClient(path: socket)
        for _ in 0..<10_000 {
            if try probe.request("stats").hasPrefix("stats connections=\(count + 1) ") { return probe }
        }
        throw TestFailure("connections never settled at \(count)")
    }

    /// Under AddressSanitizer (scripts/test sets DETENT_ASAN) memory is
    /// padded and quarantined: resident-size bounds do not apply.
    static let measuresMemory = ProcessInfo.processInfo.environment["DETENT_ASAN"] == nil

    @Test func slowReaderGetsAllRepliesLaterWhileOthersAreServedAndMemoryStaysBounded() throws {
        let scratch = try Scratch()
        let daemon = try Daemon.start(["--config", Self.plugins, "--socket", scratch.socket], socket: scratch.socket, log: scratch.log)
        defer { Self.stop(daemon) }
        let slow = try TestClient(path: scratch.socket, timeout: 30)
        let count = 300_000
        let batch = Array((0..<count).map { "ping id=\($0)\n" }.joined().utf8)
        let writer = Thread { try? slow.send(batch) }
        writer.start()
        // While the slow client reads nothing (its backlog over
        // maxOutputBytes, reading from it paused: the log says so), another
        // is served.
        #expect(Daemon.waitForLog(scratch.log, containing: "limit hit: limits.maxOutputBytes"))
        let other = try TestClient(path: scratch.socket)
        for i in 0..<100 {
            #expect(try other.request("ping id=\(i)") == "pong id=\(i)")
        }
        let rss = try Daemon.residentBytes(daemon.processIdentifier)
        if Self.measuresMemory {
            #expect(rss > 0 && rss < 64 << 20, "RSS \(rss) bytes with a stalled reader")
        }
        // Then every reply arrives, in order.
        #expect(try slow.mismatch(in: count) { "pong id=\($0)" } == nil)
        // The start-up probe's ping, the burst, the other client's 100, this.
        #expect(try other.request("stats").hasPrefix("stats connections=2 sessions=0 requests=\(count + 102) errors=0 "))
    }

    @Test func aThousandAbruptDisconnectsLeakNoFilesOrMemory() throws {
        let scratch = try Scratch()
        let daemon = try Daemon.start(["--config", Self.plugins, "--socket", scratch.socket], socket: scratch.socket)
        defer { Self.stop(daemon) }
        let pid = daemon.processIdentifier
        func churn(_ n: Int) throws {
            for i in 0..<n {
                let client = try TestClient(path: scratch.socket)
                // Sessions, unread replies, a partial line, then a reset.
                try client.send("open s=a viewport=375 item=343 count=5\nopen s=b plugin=carousel viewport=375 item=300 count=4 loop=1\nend s=a x=90 v=1\(i % 2 == 0 ? "\nend s=a x=" : "")")
                var linger = linger(l_onoff: 1, l_linger: 0)
                setsockopt(client.fd, SOL_SOCKET, SO_LINGER, &linger, socklen_t(MemoryLayout<linger>.size))
            }
        }
        try churn(100)  // warm the allocator
        // Measured with one probe connection open each time.
        var probe: TestClient? = try Self.waitForConnections(0, on: scratch.socket)
        let files = try Daemon.openFiles(pid)
        let memory = try Daemon.residentBytes(pid)
        probe = nil
        try churn(1000)
        probe = try Self.waitForConnections(0, on: scratch.socket)
        #expect(try Daemon.openFiles(pid) == files)
        if Self.measuresMemory {
            #expect(try Daemon.residentBytes(pid) < memory + (4 << 20), "RSS grew from \(memory)")
        }
        #expect(try probe?.request("stats").hasPrefix("stats connections=1 sessions=0 ") == true)
    }

    /// Out of descriptors (detentd(8)): the clients beyond the limit are
    /// told `busy` at once through the spare descriptor instead of hanging
    /// in the backlog, the daemon does not spin, and as soon as clients
    /// close a new one is served (the mechanism, with no timer, is
    /// `AcceptGateTests`; the latency is in BENCHMARKS.md).
    @Test func fileDescriptorExhaustionRefusesTheRestAtOnceAndHeals() throws {
        let scratch = try Scratch()
        let daemon = try Daemon.start(["--config", Self.plugins, "--socket", scratch.socket], socket: scratch.socket,
                                      log: scratch.log, fileLimit: 32)
        defer { Self.stop(daemon) }
        let pid = daemon.processIdentifier
        // More clients than descriptors: each hears either pong or busy.
        // A client refused at once may find the daemon's end closed before
        // it sends (EPIPE); it still reads its line.
        var clients: [(client: TestClient, sent: Bool)] = []
        for _ in 0..<40 {
            let client = try TestClient(path: scratch.socket, timeout: 10)
            clients.append((client, (try? client.send("ping\n")) != nil))
        }
        var served: [TestClient] = []
        var refused = 0
        for (client, sent) in clients {
            guard client.readable(within: 10_000) else {
                Issue.record("a client heard nothing: it hangs in the backlog")
                return
            }
            let line = try client.readLine()
            if line == "pong" {
                #expect(sent)
                served.append(client)
            } else {
                #expect(line == "error code=busy msg=\"out of file descriptors (RLIMIT_NOFILE is 32); try again later\"")
                #expect(try client.readLine() == nil, "a refused client is closed")
                refused += 1
            }
        }
        #expect(refused > 0 && !served.isEmpty, "served \(served.count), refused \(refused)")
        #expect(scratch.logText().contains("refusing queued clients with busy"))
        // Still at the limit: more clients are refused, and nothing spins.
        let before = try Daemon.cpuSeconds(pid)
        for _ in 0..<5 {
            let late = try TestClient(path: scratch.socket, timeout: 10)
            _ = try? late.send("ping\n")  // refused: perhaps closed already
            #expect(late.readable(within: 10_000))
            let line = try late.readLine()
            #expect(line?.hasPrefix("error code=busy") == true, "\(line ?? "closed")")
        }
        usleep(1_000_000)
        let used = try Daemon.cpuSeconds(pid) - before
        #expect(used < 0.5, "the daemon used \(used) s of CPU in 1 s at its descriptor limit")
        // The served ones leave (closed as released): the next client is served.
        served.removeAll()
        clients.removeAll()
        var healed = false
        for _ in 0..<100 where !healed {
            let next = try TestClient(path: scratch.socket, timeout: 10)
            _ = try? next.send("ping\n")  // a refusal is read below
            guard next.readable(within: 10_000) else { break }
            healed = try next.readLine() == "pong"
        }
        #expect(healed, "no client was served after the others closed")
        #expect(daemon.isRunning)
    }

    @Test func sigtermDuringABurstAnswersWhatWasReadAndExitsZero() throws {
        let scratch = try Scratch()
        let daemon = try Daemon.start(["--config", Self.plugins, "--socket", scratch.socket], socket: scratch.socket)
        let client = try TestClient(path: scratch.socket, timeout: 20)
        let batch = Array((0..<200_000).map { "ping id=\($0)\n" }.joined().utf8)
        let writer = Thread { try? client.send(batch) }
        writer.start()
        for i in 0..<1000 { #expect(try client.readLine() == "pong id=\(i)") }
        kill(daemon.processIdentifier, SIGTERM)
        var next = 1000
        // The end after the replies may be a reset rather than EOF: the
        // client is still writing lines the daemon will never read.
        while let line = try? client.readLine() {
            guard line == "pong id=\(next)" else {
                Issue.record("after SIGTERM, reply \(next): \(line)")
                break
            }
            next += 1
        }
        try #require(Daemon.wait(daemon), "detentd did not exit after SIGTERM")
        #expect(daemon.terminationStatus == 0)
        #expect(!FileManager.default.fileExists(atPath: scratch.socket))
        #expect(next >= 1000 && next <= 200_000)
    }

    @Test func socketPathsThatAreNotSocketsAreNeverRemoved() throws {
        let scratch = try Scratch()
        let folder = scratch.path + "/dir.sock"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: false)
        let link = scratch.path + "/link.sock"
        let target = try scratch.write("target", "keep")
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: target)
        let dangling = scratch.path + "/dangling.sock"
        try FileManager.default.createSymbolicLink(atPath: dangling, withDestinationPath: scratch.path + "/nowhere")
        for path in [folder, link, dangling] {
            let result = try Daemon.run(["--config", Self.plugins, "--socket", path])
            #expect(result.status == 1, "\(path)")
            #expect(result.stderr.contains("\(path) exists and is not a socket; not removing it"), "\(result.stderr)")
        }
        var isDirectory: ObjCBool = false
        #expect(FileManager.default.fileExists(atPath: folder, isDirectory: &isDirectory) && isDirectory.boolValue)
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link) == target)
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: dangling) == scratch.path + "/nowhere")
    }

    @Test func socketModeDefaultsTo0600() throws {
        let scratch = try Scratch()
        let config = try scratch.write("plugins.json", #"{"plugins":[{"name":"p","strategy":"flick"}]}"#)
        let daemon = try Daemon.start(["--config", config, "--socket", scratch.socket], socket: scratch.socket)
        defer { Self.stop(daemon) }
        let attributes = try FileManager.default.attributesOfItem(atPath: scratch.socket)
        #expect((attributes[.posixPermissions] as? Int) == 0o600)
    }

    @Test func sighupLogsWhatChangedAndWhatNeedsARestart() throws {
        let scratch = try Scratch()
        let config = try scratch.write("plugins.json", #"{"listen":"a.sock","plugins":[{"name":"p","strategy":"flick"}]}"#)
        let daemon = try Daemon.start(["--config", config, "--socket", scratch.socket], socket: scratch.socket, log: scratch.log)
        defer { Self.stop(daemon) }
        _ = try scratch.write("plugins.json", #"{"listen":"b.sock","socketMode":"0640","limits":{"maxLineBytes":100},"plugins":[{"name":"q","strategy":"paging"}]}"#)
        kill(daemon.processIdentifier, SIGHUP)
        let client = try TestClient(path: scratch.socket)
        #expect(Daemon.waitForLog(scratch.log, containing: "SIGHUP: reloaded \(config): 6 change(s)"))
        // Answered after the reload's turn of the loop, all of whose lines are logged.
        #expect(try client.request("plugins") == "plugins names=q default=q")
        let log = scratch.logText()
        #expect(log.contains("SIGHUP: listen: \(scratch.path)/a.sock -> \(scratch.path)/b.sock (takes effect at the next start)"))
        #expect(log.contains("SIGHUP: socketMode: 0600 -> 0640 (takes effect at the next start)"))
        #expect(log.contains("SIGHUP: limits.maxLineBytes: 4096 -> 100"))
        #expect(log.contains("SIGHUP: defaultPlugin: p -> q"))
        #expect(log.contains("SIGHUP: plugin q added: paging page=viewport"))
        #expect(log.contains("SIGHUP: plugin p removed (open sessions keep it)"))
        // The new limits apply at once, to this very connection.
        #expect(try client.request("ping id=" + String(repeating: "x", count: 100)).hasPrefix("error code=line-too-long"))
        // A broken file is logged and changes nothing.
        _ = try scratch.write("plugins.json", #"{"plugins":[{"name":"q","strategy":"pagin"}]}"#)
        kill(daemon.processIdentifier, SIGHUP)
        #expect(Daemon.waitForLog(scratch.log, containing: "is invalid; keeping the running config"))
        #expect(try client.request("plugins") == "plugins names=q default=q")
        #expect(scratch.logText().contains(#"plugins[0].strategy: no strategy is named "pagin" (did you mean "paging"?)"#))
    }

    /// Every kind of config error plugins.json(5) names, through `--check`.
    @Test(arguments: [
        (#"{"plugins":[{"name":"a","strategy":"flick"}],"bogus":1}"#, "bogus: unknown key in the config"),
        (#"{"plugins":[{"name":"a","strategy":"flick","options":{"flickVelocity":1,"deep":{"x":1}}}]}"#, #"plugins[0].options.deep: unknown option of strategy "flick""#),
        (#"{"limits":{"maxItems":10,"maxitems":5},"plugins":[{"name":"a","strategy":"flick"}]}"#, #"limits.maxitems: unknown key in limits (did you mean "maxItems"?)"#),
        (#"{}"#, "plugins: required: a list of at least one plugin"),
        (#"{"plugins":[]}"#, "plugins: needs at least one plugin"),
        (#"{"plugins":[{"name":"bad name","strategy":"flick"}]}"#, "plugins[0].name: must be 1 to 64 of A-Z a-z 0-9 . _ -"),
        (#"{"plugins":[{"name":"a","strategy":"flick"},{"name":"a","strategy":"flick"}]}"#, #"plugins[1].name: "a" is already the name of plugins[0]"#),
        (#"{"plugins":[{"name":"a","strategy":"nearst"}]}"#, #"plugins[0].strategy: no strategy is named "nearst" (did you mean "nearest"?)"#),
        (#"{"plugins":[{"name":"a","strategy":"nearest","options":{"proximity":0}}]}"#, #"plugins[0].options.proximity: 0 is out of range: must be > 0 (points)"#),
        (#"{"plugins":[{"name":"a","strategy":"group","options":{"align":"center"}}]}"#, #"plugins[0].options.align: must be "start""#),
        (#"{"plugins":[{"name":"a","strategy":"carousel","options":{"autoplayMs":0.5}}]}"#, "plugins[0].options.autoplayMs: 0.5 is out of range: must be 0 (off) or >= 1 (ms)"),
        (#"{"plugins":[{"name":"a","strategy":"nearest","options":{"snapType":"soft"}}]}"#, #"plugins[0].options.snapType: must be one of "mandatory", "proximity""#),
        (#"{"socketMode":"66","plugins":[{"name":"a","strategy":"flick"}]}"#, "socketMode: must be a string of 3 or 4 octal digits"),
        (#"{"limits":{"maxConnections":0},"plugins":[{"name":"a","strategy":"flick"}]}"#, "limits.maxConnections: must be an integer >= 1"),
        (#"{"defaultPlugin":"b","plugins":[{"name":"a","strategy":"flick"}]}"#, #"defaultPlugin: no plugin is named "b""#),
        (#"{"plugins":[{"name":"a","strategy":"flick"}],"plugins":[]}"#, #"plugins: line 1, column 46: member "plugins" is repeated"#),
        (#"{"plugins":[{"name":"a","strategy":"flick","options":{"align":"start","align":"end"}}]}"#, #"plugins[0].options.align: line 1, column 71: member "align" is repeated"#),
        (#"{"plugins":[{"name":"a" "strategy":"flick"}]}"#, "plugins[0]: line 1, column 25: ',' or '}' is expected"),
        (#"{"allowUsers":["no-such-user-x"],"plugins":[{"name":"a","strategy":"flick"}]}"#, #"allowUsers[0]: no user named "no-such-user-x""#),
    ])
    func everyConfigErrorThroughCheck(json: String, expected: String) throws {
        let scratch = try Scratch()
        let config = try scratch.write("plugins.json", json)
        let result = try Daemon.run(["--check", "--config", config])
        #expect(result.status == 1)
        #expect(result.stderr.contains("\(config): \(expected)"), "\(result.stderr)")
        #expect(result.stdout.isEmpty)
    }

    @Test func aFiveMegabyteLineIsCutAndMemoryStaysSmall() throws {
        let scratch = try Scratch()
        let daemon = try Daemon.start(["--config", Self.plugins, "--socket", scratch.socket], socket: scratch.socket)
        defer { Self.stop(daemon) }
        let client = try TestClient(path: scratch.socket, timeout: 20)
        let before = try Daemon.residentBytes(daemon.processIdentifier)
        let chunk = Array(String(repeating: "y", count: 1 << 20).utf8)
        try client.send("ping id=")
        for _ in 0..<5 { try client.send(chunk) }
        try client.send("\nping id=after\n")
        #expect(try client.readLine()?.hasPrefix("error code=line-too-long") == true)
        #expect(try client.readLine() == "pong id=after")
        if Self.measuresMemory {
            #expect(try Daemon.residentBytes(daemon.processIdentifier) < before + (2 << 20), "the daemon buffered the long line")
        }
    }
}
