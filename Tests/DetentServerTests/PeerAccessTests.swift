import DetentTestSupport
import Foundation
import Testing
import DetentPOSIX
import DetentCore

/// allowUsers / allowGroups, checked with SO_PEERCRED on accept.
@Suite(.serialized) struct PeerAccessTests {
    static let me = getuid()
    static let myGroup = getgid()
    static let stranger = getuid() &+ 4242

    func config(_ access: String) -> String {
        #"{\#(access),"plugins":[{"name":"p","strategy":"flick"}]}"#
    }

    @Test func listedUserIsServed() throws {
        let server = try TestServer(json: config(#""allowUsers":[\#(Self.stranger),\#(Self.me)]"#))
        defer { server.stop() }
        #expect(try server.connect().request("ping") == "pong")
    }

    @Test func othersAreRefusedWithForbiddenAndClosed() throws {
        let server = try TestServer(json: config(#""allowUsers":[\#(Self.stranger)]"#))
        defer { server.stop() }
        let refused = try server.connect()
        let lines = try refused.readAll()
        #expect(lines.count == 1)
        #expect(lines.first?.hasPrefix("error code=forbidden msg=\"uid \(Self.me) (pid ") == true)
        // Refusals count as nothing in stats.
        let stats = try TestServer(json: nil)
        defer { stats.stop() }
        #expect(try stats.connect().request("stats").hasPrefix("stats connections=1 "))
    }

    /// A refused client that sends lines still reads why, whenever it
    /// sends them: the daemon reads and discards until the client closes
    /// (a lingering close), where closing with unread input would reset the
    /// connection and drop the error line with it.
    @Test func aRefusedClientThatSendsStillReadsWhy() throws {
        let server = try TestServer(json: config(#""allowUsers":[\#(Self.stranger)]"#))
        defer { server.stop() }
        for round in 0..<20 {
            let client = try server.connect()
            // At once, or after the daemon has refused (its line has come):
            // the send succeeds.
            if round % 2 == 1 { #expect(client.readable(within: 10_000)) }
            try client.send(String(repeating: "ping\n", count: 100))
            client.finishSending()
            let lines = try client.readAll()
            #expect(lines.count == 1 && lines[0].hasPrefix("error code=forbidden"), "\(lines)")
        }
    }

    @Test func membersOfAnAllowedGroupAreServed() throws {
        let server = try TestServer(json: config(#""allowUsers":[\#(Self.stranger)],"allowGroups":[\#(Self.myGroup)]"#))
        defer { server.stop() }
        #expect(try server.connect().request("ping") == "pong")
        let closed = try TestServer(json: config(#""allowGroups":[\#(Self.myGroup &+ 4242)]"#))
        defer { closed.stop() }
        #expect(try closed.connect().readAll().first?.hasPrefix("error code=forbidden") == true)
    }

    @Test func namesResolveAndUnknownNamesAreConfigErrors() throws {
        let root = try ConfigLoader.load(Array(config(#""allowUsers":["root"],"allowGroups":["root"]"#).utf8), file: "p.json", directory: nil)
        #expect(try PeerResolver.resolve(root, file: "p.json").peerPolicy == PeerPolicy(users: [0], groups: [0]))
        let unknown = try ConfigLoader.load(Array(config(#""allowUsers":["no-such-user-x"],"allowGroups":["no-such-group-x"]"#).utf8), file: "p.json", directory: nil)
        #expect(throws: ConfigError([
            ConfigIssue(file: "p.json", path: JSONPath([.key("allowUsers"), .index(0)]), message: #"no user named "no-such-user-x""#),
            ConfigIssue(file: "p.json", path: JSONPath([.key("allowGroups"), .index(0)]), message: #"no group named "no-such-group-x""#),
        ])) {
            try PeerResolver.resolve(unknown, file: "p.json")
        }
        #expect(throws: ConfigError.self) {
            try ConfigLoader.load(Array(config(#""allowUsers":"root""#).utf8), file: "p.json", directory: nil)
        }
        #expect(throws: ConfigError.self) {
            try ConfigLoader.load(Array(config(#""allowUsers":[-1]"#).utf8), file: "p.json", directory: nil)
        }
    }
}
