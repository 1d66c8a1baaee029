import DetentTestSupport
import Foundation
import Testing

/// `detentd --user`, a user's own daemon (detentd(8), THE USER SERVICE):
/// its config search, its socket, and that it serves its owner alone.
@Suite(.serialized) struct UserModeTests {
    /// A home with an XDG config folder and a runtime folder.
    final class Home {
        let directory: String
        var environment: [String: String]
        var runtime: String { directory + "/run" }
        var socket: String { runtime + "/detent.sock" }
        var userConfig: String { directory + "/config/detent/plugins.json" }

        init() throws {
            directory = try TestServer.temporaryDirectory()
            try FileManager.default.createDirectory(atPath: directory + "/config/detent", withIntermediateDirectories: true)
            try FileManager.default.createDirectory(atPath: directory + "/run", withIntermediateDirectories: true)
            environment = ["PATH": "/usr/bin:/bin", "HOME": directory + "/home",
                           "XDG_CONFIG_HOME": directory + "/config", "XDG_RUNTIME_DIR": directory + "/run"]
        }

        deinit { try? FileManager.default.removeItem(atPath: directory) }
    }

    /// What the system service's config says about access, none of which
    /// may lock a user out of their own daemon.
    static let systemish = #"""
        {"listen":"/nonexistent/detent.sock","socketMode":"0666","allowUsers":["nobody"],"allowGroups":["nogroup"],
         "plugins":[{"name":"mine","strategy":"flick"}]}
        """#

    @Test func checkSaysWhichFileAndWhatItServes() throws {
        let home = try Home()
        try Self.systemish.write(toFile: home.userConfig, atomically: true, encoding: .utf8)
        let result = try Daemon.run(["--user", "--check"], environment: home.environment)
        #expect(result.status == 0, "\(result.stderr)")
        let lines = result.stdout.split(separator: "\n").map(String.init)
        #expect(lines.first == "\(home.userConfig): ok")
        #expect(lines.contains("listen: \(home.socket) (socketMode 0600)"))
        #expect(lines.contains("allowUsers: \(getuid())  allowGroups: (none)"))
        // Without XDG_CONFIG_HOME: ~/.config.
        var plain = home.environment
        plain["XDG_CONFIG_HOME"] = nil
        try FileManager.default.createDirectory(atPath: home.directory + "/home/.config/detent", withIntermediateDirectories: true)
        try Self.systemish.write(toFile: home.directory + "/home/.config/detent/plugins.json", atomically: true, encoding: .utf8)
        #expect(try Daemon.run(["--user", "--check"], environment: plain).stdout.hasPrefix(home.directory + "/home/.config/detent/plugins.json: ok"))
    }

    @Test func theOwnerIsServedWhateverTheSystemConfigSays() throws {
        let home = try Home()
        try Self.systemish.write(toFile: home.userConfig, atomically: true, encoding: .utf8)
        let log = home.directory + "/log"
        let daemon = try Daemon.start(["--user"], socket: home.socket, log: log, environment: home.environment)
        defer { daemon.terminate(); _ = Daemon.wait(daemon) }
        var info = stat()
        #expect(stat(home.socket, &info) == 0 && info.st_mode & 0o777 == 0o600)
        #expect(try TestClient(path: home.socket).request("hello").hasSuffix(" plugins=mine"))
        let text = try String(contentsOfFile: log, encoding: .utf8)
        #expect(text.contains("config \(home.userConfig)"), "\(text)")
        #expect(text.contains("user mode: serving uid \(getuid()) alone"), "\(text)")
    }

    /// Another uid is refused by the daemon itself, even with the socket
    /// opened wide (chmod 0666 on it and its folder).
    @Test(.enabled(if: getuid() == 0, "a client of another uid needs root to start")) func anotherUserIsForbidden() throws {
        let home = try Home()
        let daemon = try Daemon.start(["--user"], socket: home.socket, environment: home.environment)
        defer { daemon.terminate(); _ = Daemon.wait(daemon) }
        for folder in [home.directory, home.runtime] { chmod(folder, 0o755) }
        chmod(home.socket, 0o666)
        let stranger = try ProcessOutput.run("/usr/bin/setpriv", ["--reuid=65534", "--regid=65534", "--clear-groups",
                                                                  "/usr/bin/socat", "-T", "5", "-", "UNIX-CONNECT:" + home.socket])
        #expect(stranger.stdout.hasPrefix("error code=forbidden msg=\"uid 65534 "), "\(stranger.stdout)\(stranger.stderr)")
        #expect(stranger.stdout.contains("may not use the daemon of uid \(getuid())"), "\(stranger.stdout)")
        #expect(try TestClient(path: home.socket).request("ping") == "pong")
    }

    /// SIGHUP looks again: a config the user adds after the start is served.
    @Test func reloadFindsTheUsersNewConfig() throws {
        let home = try Home()
        let log = home.directory + "/log"
        let daemon = try Daemon.start(["--user"], socket: home.socket, log: log, environment: home.environment)
        defer { daemon.terminate(); _ = Daemon.wait(daemon) }
        let client = try TestClient(path: home.socket)
        #expect(try client.request("plugins").contains("names=paging,cards"))
        try Self.systemish.write(toFile: home.userConfig, atomically: true, encoding: .utf8)
        kill(daemon.processIdentifier, SIGHUP)
        #expect(Daemon.waitForLog(log, containing: "SIGHUP: reloaded \(home.userConfig)"))
        #expect(try client.request("plugins") == "plugins names=mine default=mine")
        #expect(try TestClient(path: home.socket).request("ping") == "pong", "still the owner's after the reload")
    }
}
