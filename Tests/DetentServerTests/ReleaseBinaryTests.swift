import DetentTestSupport
import Foundation
import Testing

/// The release binaries stand alone (scripts/build-release): they need no
/// Swift toolchain, and the daemon with its runtime linked in still loads
/// plugins, C ones and Swift ones built by the static recipe, and refuses
/// a Swift one that would bring a second, shared runtime (detent-plugin(3)).
/// scripts/test builds them first and names the folder in
/// DETENT_RELEASE_BIN; the AddressSanitizer run skips this suite, which
/// tests those binaries, not the instrumented ones.
@Suite(.serialized, .disabled(if: ProcessInfo.processInfo.environment["DETENT_ASAN"] != nil, "the release binaries are tested in the plain run"))
struct ReleaseBinaryTests {
    static let folder = ProcessInfo.processInfo.environment["DETENT_RELEASE_BIN"]
        ?? BuiltProducts.repositoryFile(".build/release")

    /// A release executable; fails the test when it has not been built.
    func binary(_ name: String) throws -> String {
        let path = Self.folder + "/" + name
        guard FileManager.default.isExecutableFile(atPath: path) else {
            throw TestFailure("no release \(name) in \(Self.folder): run scripts/test, or scripts/build-release first")
        }
        return path
    }

    /// The libraries `ldd` says a binary needs, by file name.
    func needed(_ path: String) throws -> [String] {
        let ldd = try ProcessOutput.run("/usr/bin/ldd", [path])
        guard ldd.status == 0 else { throw TestFailure("ldd \(path): \(ldd.stderr)") }
        return ldd.stdout.split(separator: "\n").compactMap { line in
            line.trimmingCharacters(in: .whitespaces).split(separator: " ").first.map { String($0.split(separator: "/").last ?? $0) }
        }
    }

    @Test(arguments: ["detentd", "detent"]) func aReleaseBinaryNeedsOnlyTheCLibrariesAndLibevent(name: String) throws {
        let path = try binary(name)
        let allowed: Set = ["linux-vdso.so.1", "libc.so.6", "libm.so.6", "libstdc++.so.6", "libgcc_s.so.1",
                            "ld-linux-x86-64.so.2", "libevent-2.1.so.7"]
        let libraries = try needed(path)
        #expect(libraries.contains("libc.so.6"), "ldd read: \(libraries)")
        #expect(Set(libraries).subtracting(allowed).isEmpty, "\(name) needs \(libraries.filter { !allowed.contains($0) })")
        if name == "detentd" { #expect(libraries.contains("libevent-2.1.so.7")) }
        // It runs: the help names the program.
        let help = try ProcessOutput.run(path, ["--help"])
        #expect(help.status == 0)
        #expect(help.stdout.contains("USAGE: \(name)"), "\(help.stdout)")
    }

    func config(_ plugins: String, in directory: String) throws -> String {
        let path = directory + "/plugins.json"
        try #"{"plugins":[\#(plugins)]}"#.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    @Test func theStaticDaemonLoadsCAndStaticSwiftPluginsAndRefusesASharedRuntime() throws {
        let detentd = try binary("detentd")
        let directory = try TestServer.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        try PluginBuild.swiftExample(runtime: "static", into: directory)
        try PluginBuild.library(PluginLibraryTests.fixture, into: directory, name: "libfx.so")
        let path = try config(#"""
            {"name":"swift","library":"libSwiftHalfPage.so","strategy":"swift-half-page","options":{"maxStep":2}},
            {"name":"c","library":"libfx.so","strategy":"fx-ok"}
            """#, in: directory)
        let check = try Daemon.run(["--check", "--config", path], binary: detentd)
        #expect(check.status == 0, "\(check.stdout)\(check.stderr)")
        #expect(check.stdout.contains("\(directory)/libSwiftHalfPage.so: swift-half-page-example 1.0.0"), "\(check.stdout)")
        let socket = directory + "/d.sock"
        let daemon = try Daemon.start(["--config", path, "--socket", socket], socket: socket, binary: detentd)
        defer { daemon.terminate(); _ = Daemon.wait(daemon) }
        let client = try TestClient(path: socket)
        _ = try client.request("open s=s plugin=swift viewport=375 item=100 count=20 align=start")
        #expect(try client.decide("end s=s x=20 v=3") == "snap s=s index=2 x=200 mode=decelerate cause=release")
        let opened = try client.request("open s=c plugin=c viewport=375 item=100 count=20 align=start")
        #expect(opened.hasPrefix("opened s=c plugin=c "), "\(opened)")
        #expect(try client.decide("end s=c x=20 v=3").hasPrefix("snap s=c index="))

        // The shared recipe's library needs libswiftCore.so: refused, with the way out.
        let shared = directory + "/shared"
        try FileManager.default.createDirectory(atPath: shared, withIntermediateDirectories: true)
        try PluginBuild.swiftExample(runtime: "shared", into: shared)
        let refused = try config(#"{"name":"swift","library":"libSwiftHalfPage.so","strategy":"swift-half-page"}"#, in: shared)
        let answer = try Daemon.run(["--check", "--config", refused], binary: detentd)
        #expect(answer.status != 0)
        #expect(answer.stderr.contains("\(refused): plugins[0].library: \(shared)/libSwiftHalfPage.so: links the Swift runtime dynamically "
            + "(libswiftCore.so), but this detentd has its own linked in: build the plugin with the Swift runtime linked statically "
            + "and its symbols hidden (detent-plugin(3))"), "\(answer.stderr)")
    }
}
