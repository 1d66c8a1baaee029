import DetentPOSIX
import DetentCore
import DetentTestSupport
import Foundation
import Testing

/// Strategies loaded from shared objects through detent_plugin.h
/// (detent-plugin(3)): built with `cc` as authors build them, loaded by the
/// real daemon, refused with messages naming the file, the entry and the
/// library.
@Suite(.serialized) struct PluginLibraryTests {
    static let fixture = "Tests/PluginFixtures/fixture.c"

    /// A temporary folder with a plugins.json of `plugins` (JSON text).
    func config(_ plugins: String, in directory: String) throws -> String {
        let path = directory + "/plugins.json"
        try #"{"plugins":[\#(plugins)]}"#.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    /// Every plugin of the config keeps what every strategy must
    /// (`StrategyInvariants`), loaded ones as built-ins.
    static func keepTheInvariants(_ path: String) {
        guard let config = try? ConfigFile.load(path) else {
            Issue.record("\(path) does not load")
            return
        }
        for plugin in config.plugins {
            let (decisions, violations) = StrategyInvariants.check(plugin)
            #expect(decisions >= 500, "\(plugin.name): enough geometries it pages")
            #expect(violations == [], "\(plugin.name)")
        }
    }

    /// The config's problems, one string each ("" when it loads).
    func problems(_ path: String) -> [String] {
        do {
            _ = try ConfigFile.load(path)
            return []
        } catch {
            return error.issues.map(\.description)
        }
    }

    @Test func theCExampleBuildsLoadsAndDecidesOverTheSocket() throws {
        let directory = try TestServer.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let make = try ProcessOutput.run("/usr/bin/make", ["-C", BuiltProducts.repositoryFile("Examples/plugins/half-page"), "OUT=" + directory])
        #expect(make.status == 0, "\(make.stderr)")
        let path = try config(#"""
            {"name":"half","library":"libhalf-page.so","strategy":"half-page"},
            {"name":"far","library":"./libhalf-page.so","strategy":"half-page","options":{"maxStep":3}},
            {"name":"cards","strategy":"flick"}
            """#, in: directory)
        Self.keepTheInvariants(path)
        let check = try Daemon.run(["--check", "--config", path])
        #expect(check.status == 0, "\(check.stderr)")
        #expect(check.stdout.contains("  half   strategy=half-page  library=\(directory)/libhalf-page.so decelerationRate=0.998"))
        #expect(check.stdout.contains("  far    strategy=half-page  library=\(directory)/libhalf-page.so maxStep=3 decelerationRate=0.998"))
        #expect(check.stdout.contains("libraries:\n  \(directory)/libhalf-page.so: half-page-example 1.0.0\n    strategy half-page  the snap nearest"),
                "one library, loaded once for both plugins: \(check.stdout)")
        let socket = directory + "/d.sock"
        let daemon = try Daemon.start(["--config", path, "--socket", socket], socket: socket)
        defer { daemon.terminate(); _ = Daemon.wait(daemon) }
        let client = try TestClient(path: socket)
        let thumbs = "viewport=375 item=100 count=20 align=start"
        #expect(try client.request("open s=h plugin=half \(thumbs)") == "opened s=h plugin=half index=0 x=0 snaps=18")
        // T = 20 + 3 * 499 = 1517: nearest 1500, held to one snap from 0.
        #expect(try client.decide("end s=h x=20 v=3") == "snap s=h index=1 x=100 mode=decelerate cause=release")
        #expect(try client.decide("end s=h x=110 v=-0.1") == "snap s=h index=1 x=100 mode=decelerate cause=release")
        _ = try client.request("open s=f plugin=far \(thumbs)")
        #expect(try client.decide("end s=f x=20 v=3") == "snap s=f index=3 x=300 mode=decelerate cause=release")
        // Loops are for the carousel only.
        #expect(try client.request("open s=l plugin=half viewport=375 item=100 count=5 loop=1").hasPrefix("error code=unsupported-layout s=l"))
        _ = try client.request("open s=c plugin=cards viewport=375 item=343 count=5 spacing=8 lead=16 trail=16")
        #expect(try client.decide("end s=c x=90 v=1.4") == "snap s=c index=1 x=351 mode=animate cause=release")
    }

    @Test(arguments: [
        (["FIXTURE_MAGIC=0x12345678u"], #"is not a Detent plugin: its magic is 0x12345678, not 0x504E5444 ("DTNP")"#),
        (["FIXTURE_ABI=0"], "was built for ABI 0, detentd speaks 1: rebuild it against detent_plugin.h 1"),
        (["FIXTURE_ABI=2"], "was built for ABI 2, detentd speaks 1: rebuild it against detent_plugin.h 1"),
        (["FIXTURE_PLUGIN_SIZE=40"], "is not binary compatible: its detent_plugin_v1 is 40 bytes, detent_plugin.h 1 has 48; rebuild it against detent_plugin.h 1"),
        (["FIXTURE_NO_ENTRY"], "does not export detent_plugin_entry_v1: it is not a Detent plugin (see detent-plugin(3))"),
        (["FIXTURE_NULL_ENTRY"], "detent_plugin_entry_v1 returned NULL"),
        (["FIXTURE_CLASH"], #"strategy "nearest" clashes with the built-in strategy of that name"#),
    ])
    func aLibraryThatIsNotRightIsRefusedByName(defines: [String], message: String) throws {
        let directory = try TestServer.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        // A distinct file name per variant: a path is loaded once per process.
        let name = "libfx-\(defines.joined().filter { $0.isLetter || $0.isNumber }).so"
        let library = try PluginBuild.library(Self.fixture, into: directory, name: name, defines: defines)
        let path = try config(#"{"name":"p","library":"\#(name)","strategy":"fx-ok"}"#, in: directory)
        #expect(problems(path) == ["\(path): plugins[0].library: \(library): \(message)"])
    }

    @Test func missingFilesAndOtherFilesAreRefused() throws {
        let directory = try TestServer.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        try "not a library\n".write(toFile: directory + "/libtext.so", atomically: true, encoding: .utf8)
        let path = try config(#"""
            {"name":"a","library":"libnope.so","strategy":"x"},
            {"name":"b","library":"libtext.so","strategy":"x"},
            {"name":"c","library":"libtext.so","strategy":"x"},
            {"name":"d","library":"","strategy":"x"}
            """#, in: directory)
        let found = problems(path)
        #expect(found.count == 4)
        #expect(found.first == "\(path): plugins[0].library: \(directory)/libnope.so: no such file")
        #expect(found.dropFirst().first?.hasPrefix("\(path): plugins[1].library: \(directory)/libtext.so: cannot be loaded as a shared object: ") == true)
        #expect(found.dropFirst(2).first == "\(path): plugins[2].library: \(directory)/libtext.so: refused above (plugins[1].library)")
        #expect(found.last == "\(path): plugins[3].library: must be the path of a shared object (a non-empty string)")
        // detentd --check says the same and fails.
        let check = try Daemon.run(["--check", "--config", path])
        #expect(check.status == 1 && check.stderr.contains("plugins[0].library: \(directory)/libnope.so: no such file"))
    }

    @Test func strategiesAreFoundByNameAndOptionsGoToCreate() throws {
        let directory = try TestServer.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let a = try PluginBuild.library(Self.fixture, into: directory, name: "libfx-names-a.so")
        let b = try PluginBuild.library(Self.fixture, into: directory, name: "libfx-names-b.so")
        let path = try config(#"""
            {"name":"typo","library":"libfx-names-a.so","strategy":"fx-okk"},
            {"name":"no","library":"libfx-names-a.so"},
            {"name":"refused","library":"libfx-names-a.so","strategy":"fx-ok","options":{"refuse":true}},
            {"name":"twin","library":"libfx-names-b.so","strategy":"fx-ok"},
            {"name":"badrate","library":"libfx-names-a.so","strategy":"fx-ok","options":{"decelerationRate":2}}
            """#, in: directory)
        let strategies = "fx-ok, fx-fails, fx-silent, fx-wild, fx-moody"
        #expect(problems(path) == [
            #"\#(path): plugins[0].strategy: \#(a) has no strategy "fx-okk" (did you mean "fx-ok"?); it has: \#(strategies)"#,
            "\(path): plugins[1].strategy: required: one of \(a)'s strategies: \(strategies)",
            #"\#(path): plugins[2].options: refused by strategy "fx-ok" of \#(a): "refused as asked: the options say refuse""#,
            #"\#(path): plugins[3].library: \#(b): strategy "fx-ok" clashes with the strategy of that name in \#(a)"#,
            #"\#(path): plugins[4].options.decelerationRate: 2 is out of range: must be between 0 and 1, exclusive (0.998 normal, 0.99 fast) (option of strategy "fx-ok")"#,
        ])
    }

    @Test func aLibraryBuiltAgainstANewerHeaderLoads() throws {
        let directory = try TestServer.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        try PluginBuild.library(Self.fixture, into: directory, name: "libfx-wide.so", defines: ["FIXTURE_WIDE"])
        let path = try config(#"{"name":"w","library":"libfx-wide.so","strategy":"fx-moody"}"#, in: directory)
        #expect(problems(path).isEmpty)
        let ok = try config(#"{"name":"w","library":"libfx-wide.so","strategy":"fx-ok"}"#, in: directory)
        Self.keepTheInvariants(ok)
        let config = try ConfigFile.load(path)
        #expect(config.libraries.first?.strategies.map(\.name) == ["fx-ok", "fx-fails", "fx-silent", "fx-wild", "fx-moody"])
    }

    @Test func aFailingDecisionIsAnErrorReplyAndEverythingElseCarriesOn() throws {
        let directory = try TestServer.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let library = try PluginBuild.library(Self.fixture, into: directory, name: "libfx-runtime.so")
        let kinds = ["ok", "fails", "silent", "wild", "moody"]
        let path = try config(kinds.map { #"{"name":"\#($0)","library":"libfx-runtime.so","strategy":"fx-\#($0)"}"# }.joined(separator: ",")
            + #",{"name":"cards","strategy":"flick"}"#, in: directory)
        let socket = directory + "/d.sock"
        let daemon = try Daemon.start(["--config", path, "--socket", socket], socket: socket)
        defer { daemon.terminate(); _ = Daemon.wait(daemon) }
        let client = try TestClient(path: socket)
        let other = try TestClient(path: socket)
        let items = "viewport=375 item=100 count=20 align=start"  // 18 snaps: 0, 100, ..., 1600, 1625
        for kind in kinds { _ = try client.request("open s=\(kind) plugin=\(kind) \(items)") }
        _ = try other.request("open s=c plugin=cards viewport=375 item=343 count=5 spacing=8 lead=16 trail=16")
        #expect(try client.decide("end s=ok x=20 target=180") == "snap s=ok index=2 x=200 mode=animate cause=release")
        let strategy = { (kind: String) in "strategy \\\"fx-\(kind)\\\" of \(library)" }
        #expect(try client.request("end s=fails x=20 id=7 target=180")
            == #"error code=plugin-failed s=fails id=7 msg="\#(strategy("fails")) failed: no decision today (k0 0 of 18)""#)
        #expect(try client.request("end s=silent x=20 target=180")
            == #"error code=plugin-failed s=silent msg="\#(strategy("silent")) failed (returned 3) without a message""#)
        #expect(try client.request("end s=wild x=20 target=180")
            == #"error code=plugin-failed s=wild msg="\#(strategy("wild")) chose snap 23, outside the snaps 0...17""#)
        #expect(try client.request("end s=moody x=20 target=180")
            == #"error code=plugin-failed s=moody msg="\#(strategy("moody")) chose mode 7, neither DETENT_MODE_ANIMATE (0) nor DETENT_MODE_DECELERATE (1)""#)
        // Each stays where it rested; the connection, the other client and the daemon go on.
        for kind in ["fails", "silent", "wild", "moody"] {
            #expect(try client.decide("cancel s=\(kind)") == "snap s=\(kind) index=0 x=0 mode=animate cause=cancel")
        }
        #expect(try other.decide("end s=c x=90 v=1.4") == "snap s=c index=1 x=351 mode=animate cause=release")
        #expect(try client.request("stats").hasPrefix("stats connections=2 sessions=6 "))
        #expect(daemon.isRunning)
    }

    @Test func aReloadKeepsTheLoadedCopyAndSaysWhenTheFileChanged() throws {
        let directory = try TestServer.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let library = try PluginBuild.library(Self.fixture, into: directory, name: "libfx-reload.so")
        let path = try config(#"{"name":"ok","library":"libfx-reload.so","strategy":"fx-ok"}"#, in: directory)
        let socket = directory + "/d.sock"
        let log = directory + "/log"
        let daemon = try Daemon.start(["--config", path, "--socket", socket, "--log-level", "info"], socket: socket, log: log)
        defer { daemon.terminate(); _ = Daemon.wait(daemon) }
        let client = try TestClient(path: socket)
        _ = try client.request("open s=a plugin=ok viewport=375 item=100 count=20 align=start")
        // A new build, put in place as a package manager does (a new file, renamed over).
        try PluginBuild.library(Self.fixture, into: directory, name: "libfx-reload.new", defines: ["FIXTURE_PREFIX=\"fx-\""])
        #expect(rename(directory + "/libfx-reload.new", library) == 0)
        kill(daemon.processIdentifier, SIGHUP)
        let changed = "SIGHUP: \(library) changed on disk since it was loaded; detentd goes on using the copy it loaded until it restarts"
        #expect(Daemon.waitForLog(log, containing: changed), "\((try? String(contentsOfFile: log, encoding: .utf8)) ?? "")")
        // A config whose library cannot load: the running one keeps serving.
        _ = try config(#"{"name":"ok","library":"libgone.so","strategy":"fx-ok"}"#, in: directory)
        kill(daemon.processIdentifier, SIGHUP)
        #expect(Daemon.waitForLog(log, containing: "plugins[0].library: \(directory)/libgone.so: no such file"))
        #expect(try client.decide("end s=a x=20 target=180") == "snap s=a index=2 x=200 mode=animate cause=release")
        #expect(try client.request("open s=b plugin=ok viewport=375 item=100 count=20").hasPrefix("opened s=b plugin=ok"))
    }

    /// detent-plugin(3)'s complete example, as printed: it builds with the
    /// command shown there and decides.
    @Test func theManPagesExampleBuildsAndDecides() throws {
        let directory = try TestServer.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let page = try String(contentsOfFile: BuiltProducts.repositoryFile("man/detent-plugin.3"), encoding: .utf8)
        guard let examples = page.range(of: ".Sh EXAMPLES"),
              let start = page.range(of: ".Bd -literal -offset indent\n", range: examples.upperBound..<page.endIndex),
              let end = page.range(of: "\n.Ed\n", range: start.upperBound..<page.endIndex) else {
            Issue.record("detent-plugin(3) has no EXAMPLES literal block")
            return
        }
        let source = page[start.upperBound..<end.lowerBound].replacingOccurrences(of: "\\e", with: "\\")
        try source.write(toFile: directory + "/half_page.c", atomically: true, encoding: .utf8)
        // <detent/detent_plugin.h>, as `make install` lays it out.
        try FileManager.default.createDirectory(atPath: directory + "/include/detent", withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: PluginBuild.include + "/detent_plugin.h", toPath: directory + "/include/detent/detent_plugin.h")
        let cc = try ProcessOutput.run("/usr/bin/cc", ["-shared", "-fPIC", "-fvisibility=hidden", "-Wall", "-Werror", "-I" + directory + "/include",
                                                       "-o", directory + "/libhalf-page.so", directory + "/half_page.c", "-lm"])
        #expect(cc.status == 0, "\(cc.stderr)")
        let path = try config(#"{"name":"half","library":"libhalf-page.so","strategy":"half-page"}"#, in: directory)
        let config = try ConfigFile.load(path)
        var connection = ConnectionState()
        let server = ServerState(config: config)
        func send(_ line: String) -> String? {
            Dispatcher.handle(line, connection: &connection, server: server).reply.map { DecisionText.withoutMotion(String($0.dropLast())) }
        }
        #expect(send("open s=h viewport=375 item=100 count=20 align=start") == "opened s=h plugin=half index=0 x=0 snaps=18")
        #expect(send("end s=h x=20 v=3") == "snap s=h index=1 x=100 mode=decelerate cause=release")
    }

    /// The kit's example: a strategy in Swift, built with its Makefile
    /// (SwiftPM, the toolchain that built detentd) by either recipe (the
    /// runtime linked in and hidden, or shared with this debug detentd),
    /// loaded and deciding.
    @Test(arguments: ["static", "shared"]) func theSwiftExampleBuildsLoadsAndDecidesOverTheSocket(runtime: String) throws {
        let directory = try TestServer.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        try PluginBuild.swiftExample(runtime: runtime, into: directory)
        let path = try config(#"""
            {"name":"swift","library":"libSwiftHalfPage.so","strategy":"swift-half-page","options":{"maxStep":2}},
            {"name":"cards","strategy":"flick"}
            """#, in: directory)
        Self.keepTheInvariants(path)
        let check = try Daemon.run(["--check", "--config", path])
        #expect(check.status == 0, "\(check.stderr)")
        #expect(check.stdout.contains("libraries:\n  \(directory)/libSwiftHalfPage.so: swift-half-page-example 1.0.0\n    strategy swift-half-page  the snap nearest"))
        let socket = directory + "/d.sock"
        let daemon = try Daemon.start(["--config", path, "--socket", socket], socket: socket)
        defer { daemon.terminate(); _ = Daemon.wait(daemon) }
        let client = try TestClient(path: socket)
        _ = try client.request("open s=s plugin=swift viewport=375 item=100 count=20 align=start")
        #expect(try client.decide("end s=s x=20 v=3") == "snap s=s index=2 x=200 mode=decelerate cause=release")
        #expect(try client.decide("end s=s x=210 v=-0.05") == "snap s=s index=2 x=200 mode=decelerate cause=release")
        // Typed options: a wrong type is refused with the decoder's words.
        let refused = try config(#"{"name":"s","library":"libSwiftHalfPage.so","strategy":"swift-half-page","options":{"maxStep":"two"}}"#, in: directory)
        #expect(problems(refused) == [#"\#(refused): plugins[0].options: refused by strategy "swift-half-page" of \#(directory)/libSwiftHalfPage.so: "maxStep: expected Int""#])
        let zero = try config(#"{"name":"s","library":"libSwiftHalfPage.so","strategy":"swift-half-page","options":{"maxStep":0}}"#, in: directory)
        #expect(problems(zero).first?.hasSuffix(#""maxStep must be at least 1, not 0""#) == true)
    }

    /// A library built against another Swift runtime is refused before it
    /// is loaded: it would be bound to detentd's runtime and could crash.
    @Test func aLibraryOfAnotherSwiftRuntimeIsRefusedBeforeLoading() throws {
        let directory = try TestServer.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        // "Another toolchain": a copy of the runtime in a folder of its own.
        let maps = FileHandle(forReadingAtPath: "/proc/self/maps")?.readDataToEndOfFile() ?? Data()
        let ours = try #require(String(decoding: maps, as: UTF8.self).split(separator: "\n")
            .compactMap { line in line.firstIndex(of: "/").map { String(line[$0...]) } }
            .first { $0.hasSuffix("/libswiftCore.so") })
        try FileManager.default.createDirectory(atPath: directory + "/toolchain", withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: ours, toPath: directory + "/toolchain/libswiftCore.so")
        let cc = try ProcessOutput.run("/usr/bin/cc", ["-std=c11", "-shared", "-fPIC", "-I" + PluginBuild.include,
                                                       "-L" + directory + "/toolchain", "-Wl,-rpath," + directory + "/toolchain",
                                                       "-Wl,--no-as-needed", "-lswiftCore", "-o", directory + "/libfx-other-swift.so",
                                                       BuiltProducts.repositoryFile(Self.fixture), "-lm"])
        #expect(cc.status == 0, "\(cc.stderr)")
        let path = try config(#"{"name":"p","library":"libfx-other-swift.so","strategy":"fx-ok"}"#, in: directory)
        let folder = String(ours[..<ours.lastIndex(of: "/")!])
        #expect(problems(path) == ["\(path): plugins[0].library: \(directory)/libfx-other-swift.so: was built against the Swift runtime "
            + "\(directory)/toolchain/libswiftCore.so, and detentd runs \(ours): the Swift runtime is not ABI-stable on Linux; "
            + "rebuild the plugin with detentd's toolchain (\(folder))"])
        // Linked against detentd's own runtime, the same library loads.
        let same = try ProcessOutput.run("/usr/bin/cc", ["-std=c11", "-shared", "-fPIC", "-I" + PluginBuild.include,
                                                         "-L" + folder, "-Wl,-rpath," + folder, "-Wl,--no-as-needed", "-lswiftCore",
                                                         "-o", directory + "/libfx-our-swift.so", BuiltProducts.repositoryFile(Self.fixture), "-lm"])
        #expect(same.status == 0, "\(same.stderr)")
        let fine = try config(#"{"name":"p","library":"libfx-our-swift.so","strategy":"fx-ok"}"#, in: directory)
        #expect(problems(fine).isEmpty)
    }
}
