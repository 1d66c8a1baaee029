import DetentCore
import DetentTestSupport
import Foundation
import Testing

/// `detent send` and `detent replay` against the real daemon.
@Suite(.serialized) struct DetentCommandLineTests {
    static let detent = BuiltProducts.executable("detent")
    static let traces = BuiltProducts.repositoryFile("Examples/traces")

    func detent(_ arguments: [String], input: String? = nil, environment: [String: String]? = nil) throws -> ProcessOutput {
        guard let input else { return try ProcessOutput.run(Self.detent, arguments, environment: environment) }
        // Through a shell so stdin is the given text, not a terminal.
        let file = try TestServer.temporaryDirectory() + "/stdin"
        try input.write(toFile: file, atomically: true, encoding: .utf8)
        let quoted = arguments.map { "'" + $0.replacingOccurrences(of: "'", with: "'\\''") + "'" }.joined(separator: " ")
        return try ProcessOutput.run("/bin/sh", ["-c", "\"$0\" \(quoted) < '\(file)'", Self.detent], environment: environment)
    }

    @Test func sendPrintsEveryReplyInOrder() throws {
        let server = try TestServer()
        defer { server.stop() }
        let result = try detent(["send", "--socket", server.path, "ping", "open s=c viewport=375 item=343 count=5 spacing=8 lead=16 trail=16",
                                 "# a comment gets no reply", "end s=c x=90 v=1.4", "bogus"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout == """
            pong
            opened s=c plugin=cards index=0 x=0 snaps=5
            snap s=c index=1 x=351 mode=animate cause=release from=90 v=1.4 curve=spring omega=0.015707963267948967 ms=516
            error code=unknown-verb msg="unknown verb \\"bogus\\""

            """)
    }

    @Test func sendReadsStdinWhenGivenNoLines() throws {
        let server = try TestServer()
        defer { server.stop() }
        var environment = ProcessInfo.processInfo.environment
        environment["DETENT_SOCKET"] = server.path
        let result = try detent(["send"], input: "hello\n{\"op\":\"ping\",\"id\":3}\n\nstats\n", environment: environment)
        #expect(result.status == 0, "\(result.stderr)")
        let lines = result.stdout.split(separator: "\n")
        #expect(lines.count == 3)
        #expect(lines.first?.hasPrefix("hello proto=1 server=detentd/") == true)
        #expect(lines.dropFirst().first == #"{"op":"pong","id":3}"#)
        #expect(lines.last?.hasPrefix("stats connections=1 sessions=0 requests=3 ") == true)
    }

    @Test func motionPrintsThePathOfADecision() throws {
        let spring = "snap s=c index=1 x=351 mode=animate cause=release from=90 v=1.4 curve=spring omega=0.015707963267948967 ms=516"
        let frames = try detent(["motion", "--step", "100", spring])
        #expect(frames.status == 0, "\(frames.stderr)")
        let rows = frames.stdout.split(separator: "\n").dropFirst(2).map { $0.split(separator: " ").map(String.init) }
        #expect(rows.map { $0[0] } == ["0", "100", "200", "300", "400", "500", "516"])
        #expect(rows.first?.last == "90")
        #expect(rows.last.flatMap { Double($0.last!) }.map { abs($0 - 351) <= 0.5 } == true)
        // JSON lines on stdin, times asked for: the decay's own numbers.
        let decay = #"{"op":"snap","s":"t","index":1,"x":100,"mode":"decelerate","cause":"release","from":20,"v":1,"curve":"decay","rate":0.9875778004938814,"ms":407}"#
        let json = try detent(["motion", "--json", "--at", "0,407"], input: decay + "\n")
        #expect(json.stdout == "{\"t\":[0,407],\"x\":[20,\(NumberFormat.string(100 - 80 * pow(0.9875778004938814, 407)))]}\n")
        // Qt's curves: an ease, and a brake whose ease follows its stop.
        let ease = "snap s=q index=3 x=1200 mode=animate cause=release from=1001 v=0 curve=ease ms=200"
        let eased = try detent(["motion", "--json", "--at", "0,50,100,150,200", ease])
        #expect(eased.stdout == "{\"t\":[0,50,100,150,200],\"x\":[1001,1025.875,1100.5,1175.125,1200]}\n", "\(eased.stdout)\(eased.stderr)")
        let brake = "snap s=q index=2 x=800 mode=decelerate cause=release from=1182 v=-1.6 curve=brake accel=0.003350785340314136 stop=477 ms=677"
        let braked = try detent(["motion", "--json", "--at", "0,100,677", brake])
        let at100 = 1182 - 160 + 0.003350785340314136 * 100 * 100 / 2
        #expect(braked.stdout == "{\"t\":[0,100,677],\"x\":[1182,\(NumberFormat.string(at100)),800]}\n", "\(braked.stdout)\(braked.stderr)")
        let wrong = try detent(["motion", "pong"])
        #expect(wrong.status != 0 && wrong.stderr.contains("argument 1: not a snap line with its motion: pong"))
    }

    /// css-snap's curves: a key's bezier at 100 ms as libdetent draws it, a
    /// notch's path (text and JSON) frame by frame, a wrong path's reason,
    /// and --help naming both curves.
    @Test func motionDrawsBezierAndPath() throws {
        let key = "snap s=cs index=1 x=300 mode=animate cause=step from=0 v=0 curve=bezier p1x=0.4 p1y=0 p2x=0 p2y=1 ms=289"
        let at100 = try detent(["motion", "--at", "100", key])
        #expect(at100.status == 0, "\(at100.stderr)")
        #expect(at100.stdout.hasPrefix("bezier (cubic-bezier(0.4, 0, 0, 1) over 289 ms) from 0 to 300"), "\(at100.stdout)")
        #expect(at100.stdout.split(separator: "\n").last?.split(separator: " ").last == "203.10748071909836", "\(at100.stdout)")
        let path = "path=0/200/300/420/0.42/0/0.58/1,217/183.33333333333334/420/600/0.42/0/0.58/1"
        let notch = "snap s=cs index=2 x=600 mode=animate cause=wheel from=300 v=0 curve=path \(path) ms=401"
        let json = #"{"op":"snap","s":"cs","index":2,"x":600,"mode":"animate","cause":"wheel","from":300,"v":0,"curve":"path","path":["0/200/300/420/0.42/0/0.58/1","217/183.33333333333334/420/600/0.42/0/0.58/1"],"ms":401}"#
        let drawn = try detent(["motion", "--json", "--at", "0,100,200,216,401"], input: notch + "\n" + json + "\n")
        let row = "{\"t\":[0,100,200,216,401],\"x\":[300,360,420,420,600]}\n"
        #expect(drawn.status == 0 && drawn.stdout == row + row, "\(drawn.stdout)\(drawn.stderr)")
        let wrong = try detent(["motion", notch.replacingOccurrences(of: "ms=401", with: "ms=400")])
        #expect(wrong.status != 0 && wrong.stderr.contains("(curve=path: path: the last segment ends after ms)"), "\(wrong.stderr)")
        let help = try detent(["motion", "--help"])
        let words = help.stdout.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        #expect(words.contains("bezier (p1x p1y p2x p2y: a CSS cubic-bezier over ms") && words.contains("path (path: segments"), "\(words)")
    }

    @Test func sendWithoutADaemonSaysSo() throws {
        let result = try detent(["send", "--socket", "/nonexistent/detent.sock", "ping"])
        #expect(result.status == 1)
        #expect(result.stderr.contains("no Detent daemon answers on /nonexistent/detent.sock"))
        #expect(result.stderr.contains("is detentd running?"))
    }

    @Test func theInteractivePromptKeepsHistoryAndShowsPushes() throws {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/script") else {
            Issue.record("script(1) from bsdutils is needed to give the prompt a terminal")
            return
        }
        let server = try TestServer(json: #"{"plugins":[{"name":"c","strategy":"carousel","options":{"autoplayMs":50}}]}"#)
        defer { server.stop() }
        let home = try TestServer.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: home) }
        // Keystrokes, paced so each line is answered before the next:
        // a line, then Up Enter (history), an open with autoplay, Ctrl-D.
        let keys = #"printf 'ping\r'; sleep 0.3; printf '\033[A\r'; sleep 0.3; "#
            + #"printf 'open s=c viewport=375 item=300 count=4 loop=1\r'; sleep 0.4; printf '\004'; sleep 0.3"#
        var environment = ProcessInfo.processInfo.environment
        environment["HOME"] = home
        let script = "(\(keys)) | script -qfec \"'\(Self.detent)' send --socket '\(server.path)'\" /dev/null"
        let result = try ProcessOutput.run("/bin/sh", ["-c", script], environment: environment)
        // Bytes, not Characters: "\r\n" is one Character in Swift.
        let screen = String(decoding: result.stdout.utf8.map { $0 == 0x0D ? 0x0A : $0 }, as: UTF8.self)
        #expect(screen.components(separatedBy: "\u{1B}[Kpong\n").count - 1 == 2, "the second ping came from history: \(screen)")
        #expect(screen.contains("opened s=c plugin=c index=0 x=562.5 snaps=8 dup=2"))
        #expect(screen.contains("snap s=c index=1 x=862.5 mode=animate cause=autoplay"), "pushed lines are shown as they come")
        let history = try String(contentsOfFile: home + "/.detent_history", encoding: .utf8)
        // Repeats in a row are kept once, as shells do.
        #expect(history == "ping\nopen s=c viewport=375 item=300 count=4 loop=1\n")
    }

    @Test func everyShippedTraceReplaysToItsExpectedOutput() throws {
        let server = try TestServer()
        defer { server.stop() }
        let names = try FileManager.default.contentsOfDirectory(atPath: Self.traces).filter { $0.hasSuffix(".trace") }.sorted()
        #expect(names.count >= 7, "a trace per seed scenario")
        for name in names {
            let trace = Self.traces + "/" + name
            let expected = try String(contentsOfFile: String(trace.dropLast(6)) + ".expected", encoding: .utf8)
            let result = try detent(["replay", "--socket", server.path, trace])
            #expect(result.status == 0, "\(name): \(result.stderr)")
            #expect(result.stdout == expected, "\(name)")
        }
    }

    @Test func realtimeReplayKeepsTheTiming() throws {
        let server = try TestServer()
        defer { server.stop() }
        let directory = try TestServer.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let trace = directory + "/timed.trace"
        try """
            open s=c viewport=375 item=343 count=5
            begin s=c x=0 t=5000
            move s=c x=100 t=5200
            end s=c x=200 t=5400

            """.write(toFile: trace, atomically: true, encoding: .utf8)
        let started = Date()
        let result = try detent(["replay", "--realtime", "--socket", server.path, trace])
        let elapsed = Date().timeIntervalSince(started)
        #expect(result.status == 0)
        let last = result.stdout.split(separator: "\n").last.map { DecisionText.withoutMotion(String($0)) }
        #expect(last == "snap s=c index=1 x=327 mode=animate cause=release")
        // 400 ms of recorded gesture take at least that long to replay.
        #expect(elapsed >= 0.4)
    }
}

/// `detent bench`, briefly: it drives a real daemon and reports what it saw.
@Suite(.serialized) struct DetentBenchCommandTests {
    static let detent = BuiltProducts.executable("detent")

    @Test func loadRunsReportEveryRequestAndNoErrors() throws {
        let server = try TestServer()
        defer { server.stop() }
        let result = try ProcessOutput.run(Self.detent, ["bench", "--socket", server.path, "-c", "3", "-P", "4", "-n", "3000", "--json"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.hasPrefix(#"{"connections":3,"pipeline":4,"request":"end","plugin":"cards","requests":3000,"#))
        #expect(result.stdout.contains(#""errors":0,"latency_us":{"p50":"#))
        let ping = try ProcessOutput.run(Self.detent, ["bench", "--socket", server.path, "--ping", "-n", "500"])
        #expect(ping.status == 0)
        #expect(ping.stdout.contains("requests: 500 in "))
        #expect(ping.stdout.contains("latency (µs): p50 "))
    }

    @Test func aSessionThatCannotOpenIsAFailure() throws {
        let server = try TestServer()
        defer { server.stop() }
        let result = try ProcessOutput.run(Self.detent, ["bench", "--socket", server.path, "--plugin", "nope", "-n", "10"])
        #expect(result.status == 1)
        #expect(result.stderr.contains("the session did not open: error code=unknown-plugin"))
    }

    static let bench = BuiltProducts.executable("detent-bench")
    /// Under AddressSanitizer malloc is ASan's and counting is unavailable
    /// (null); anywhere else a null count is a broken counter.
    static let noAllocations = ProcessInfo.processInfo.environment["DETENT_ASAN"] == nil ? ["0"] : ["null"]

    @Test func inProcessReportsEachStrategyWithoutAllocations() throws {
        let result = try ProcessOutput.run(Self.bench, ["--plugin", "shelf", "--iterations", "2000", "--json"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.hasPrefix(#"[{"plugin":"shelf","strategy":"group","items":5,"#))
        #expect(result.stdout.contains(#""items":10000,"#))
        // The decision and the rule.
        for field in ["decision_allocs", "rule_allocs"] {
            let counts = try Self.jsonNumbers(field, in: result.stdout)
            #expect(counts.count == 2 && counts.allSatisfy { Self.noAllocations.contains($0) }, "\(field): \(counts)")
        }
    }

    /// Every value of `"key":` in a JSON text, as written.
    static func jsonNumbers(_ key: String, in text: String) throws -> [String] {
        let pattern = try Regex("\"\(key)\":([^,}]*)")
        return text.matches(of: pattern).compactMap { $0.output[1].substring.map(String.init) }
    }

    /// Loaded strategies are timed too: the nearest rule through the C ABI.
    @Test func inProcessTimesAStrategyFromAPluginLibrary() throws {
        let directory = try TestServer.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        try PluginBuild.library("Benchmarks/plugin/nearest.c", into: directory, name: "libnearest-abi.so")
        try FileManager.default.copyItem(atPath: BuiltProducts.repositoryFile("Benchmarks/plugin/plugins.json"), toPath: directory + "/plugins.json")
        let result = try ProcessOutput.run(Self.bench, ["--config", directory + "/plugins.json", "--plugin", "thumbs-abi", "--iterations", "2000", "--json"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.hasPrefix(#"[{"plugin":"thumbs-abi","strategy":"nearest-abi","items":5,"#))
        let counts = try Self.jsonNumbers("decision_allocs", in: result.stdout)
        #expect(counts.count == 2 && counts.allSatisfy { Self.noAllocations.contains($0) }, "\(counts)")
    }

    @Test func holdKeepsConnectionsOpen() throws {
        let server = try TestServer()
        defer { server.stop() }
        let result = try ProcessOutput.run(Self.detent, ["bench", "--socket", server.path, "--hold", "50", "--hold-seconds", "0.2"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("holding 50 idle connections"))
    }
}
