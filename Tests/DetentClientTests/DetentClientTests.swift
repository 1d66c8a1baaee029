import DetentClient
import DetentCore
import DetentTestSupport
import Foundation
import Testing

/// The client library against the real daemon on a temporary socket.
@Suite(.serialized) struct DetentClientTests {
    static let cards = CollectionGeometry(viewport: 375, items: .uniform(size: 343, count: 5), spacing: 8, lead: 16, trail: 16)

    @Test func theHandSessionTyped() async throws {
        let server = try TestServer()
        defer { server.stop() }
        let client = try DetentClient(socketPath: server.path)
        #expect(try await client.hello().plugins == ["paging", "cards", "peek", "banner", "thumbs", "shelf", "carousel", "flutter-page", "embla", "swiper", "compose-pager", "android-pager", "android-linear", "adwaita", "qt-swipeview", "css-snap"])
        let opened = try await client.open("cards", plugin: "cards", geometry: Self.cards)
        #expect(opened == OpenedReply(session: "cards", plugin: "cards", index: 0, x: 0, snaps: 5, pad: nil, dup: nil))
        // The motion: a spring from the release at its velocity (detent-protocol(7), "Motion").
        let spring = Motion.Curve.spring(omega: 2 * Double.pi / 400)
        #expect(try await client.end("cards", x: 90, v: 1.4).decision() == Decision(
            index: 1, x: 351, mode: .animate, cause: .release,
            motion: Motion(from: 90, to: 351, v: 1.4, curve: spring, duration: 516)))
        await #expect(throws: DetentError(codeName: "bad-value", message: "x: not a finite number", session: "cards")) {
            try await client.end("cards", x: .infinity)
        }
    }

    @Test func everyVerb() async throws {
        let server = try TestServer()
        defer { server.stop() }
        let client = try DetentClient(socketPath: server.path)
        try await client.ping()
        let plugins = try await client.plugins()
        #expect(plugins.default == "cards")
        _ = try await client.open("p", plugin: "paging", geometry: Self.cards)
        #expect(try await client.begin("p", x: 10, t: 0) == BeganReply(session: "p", index: 0, x: 0))
        #expect(try await client.move("p", x: -375, t: 16).x < 0)
        // A decay would take 3634 ms, past maxDecayMs: a spring instead.
        let spring = Motion.Curve.spring(omega: 2 * Double.pi / 400)
        #expect(try await client.end("p", x: 40, v: 0.6).decision() == Decision(
            index: 1, x: 375, mode: .decelerate, cause: .release, page: 1,
            motion: Motion(from: 40, to: 375, v: 0.6, curve: spring, duration: 552)))
        #expect(try await client.goto("p", index: 4).decision() == Decision(
            index: 4, x: 1404, mode: .animate, cause: .goto, page: 4,
            motion: Motion(from: 375, to: 1404, v: 0, curve: spring, duration: 639)))
        #expect(try await client.cancel("p").x == 1404)
        #expect(try await client.goto("p", index: 3, x: 1300.5).from == 1300.5)
        let padded = CollectionGeometry(viewport: 375, items: .uniform(size: 275, count: 6), align: .start, contain: .pad)
        #expect(try await client.layout("p", geometry: padded).pad == 225)  // pages of 375 past M = 1275
        let loop = CollectionGeometry(viewport: 375, items: .uniform(size: 300, count: 4), spacing: 10, loop: true)
        #expect(try await client.open("c", plugin: "carousel", geometry: loop).dup == 2)
        try await client.autoplay("c", every: 0)
        try await client.close("c")
        let stats = try await client.stats()
        #expect(stats.connections == 1 && stats.sessions == 1)
        await #expect(throws: DetentError.self) { try await client.close("c") }
        try await client.quit()
        await #expect(throws: DetentClientError.self) { try await client.ping() }
    }

    @Test func manyRequestsInFlightAnswerInOrder() async throws {
        let server = try TestServer()
        defer { server.stop() }
        let client = try DetentClient(socketPath: server.path)
        _ = try await client.open("c", geometry: Self.cards)
        let decisions = try await withThrowingTaskGroup(of: (Int, SnapReply).self) { group in
            for i in 0..<500 {
                group.addTask { (i, try await client.goto("c", index: i % 5)) }
            }
            var all: [Int: SnapReply] = [:]
            for try await (i, decision) in group { all[i] = decision }
            return all
        }
        #expect(decisions.count == 500)
        for (i, decision) in decisions { #expect(decision.index == i % 5) }
    }

    /// A burst the socket's buffers cannot hold: the daemon stops reading
    /// while its unsent replies pass maxOutputBytes, so a client must keep
    /// reading replies while it is still writing requests.
    @Test func aBurstLargerThanTheSocketsBuffersIsAnswered() async throws {
        let server = try TestServer()
        defer { server.stop() }
        let client = try DetentClient(socketPath: server.path)
        _ = try await client.open("cards", plugin: "cards", geometry: Self.cards)
        let lines = (0..<200_000).map { "end s=cards x=\($0 % 1400) v=\($0 % 2 == 0 ? "1.4" : "-1.4")" }
        // A hang fails the test; the limit is far above the time it takes
        // (about 10 s plain, several times that under AddressSanitizer; over
        // 60 s plain once on 2 CPUs at load 10-15, which is no hang).
        let replies = try await TimeLimit.run(seconds: 300, "200,000 pipelined end lines", unblock: { client.disconnect() }) {
            try await client.send(lines)
        }
        #expect(replies.count == lines.count)
        #expect(replies.allSatisfy { $0.verb == "snap" })
        // In order: the reply to line i starts its motion at line i's x.
        let outOfOrder = replies.indices.first { replies[$0].number("from") != Double($0 % 1400) }
        #expect(outOfOrder == nil, "reply \(outOfOrder ?? -1) answers another line")
    }

    @Test(.timeLimit(.minutes(1))) func pushesArriveOnTheirOwnStream() async throws {
        let server = try TestServer(json: #"{"plugins":[{"name":"c","strategy":"carousel","options":{"autoplayMs":20}}]}"#)
        defer { server.stop() }
        let client = try DetentClient(socketPath: server.path)
        let loop = CollectionGeometry(viewport: 375, items: .uniform(size: 300, count: 4), spacing: 10, loop: true)
        _ = try await client.open("c", geometry: loop)
        var pushed: [PushedDecision] = []
        for await push in client.pushes {
            pushed.append(push)
            // Replies still come back as replies meanwhile.
            try await client.ping()
            if pushed.count == 4 { break }
        }
        #expect(pushed.map(\.decision.index) == [1, 2, 3, 0])
        #expect(pushed.last?.decision.jump == 582.5)
        #expect(pushed.allSatisfy { $0.session == "c" && $0.decision.cause == .autoplay })
    }

    @Test func anAbsentDaemonIsAClearError() throws {
        let directory = try TestServer.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        do {
            _ = try DetentClient(socketPath: directory + "/nobody.sock")
            Issue.record("connected to nothing")
        } catch {
            #expect(error == .notRunning(path: directory + "/nobody.sock", reason: "No such file or directory"))
            #expect(error.description.contains("is detentd running?"))
        }
    }

    /// The push stream must end with the connection: if it did not, the
    /// loop below would wait forever, so the time limit fails the test.
    @Test(.timeLimit(.minutes(1))) func aDaemonThatGoesAwayFailsWaitingRequests() async throws {
        let server = try TestServer()
        let client = try DetentClient(socketPath: server.path)
        try await client.ping()
        server.stop()
        await #expect(throws: DetentClientError.self) { try await client.ping() }
        var ended = true
        for await _ in client.pushes { ended = false }
        #expect(ended, "the push stream ends with the connection")
    }
}
