import DetentTestSupport
import Foundation
import Testing
import DetentCore
@testable import DetentServer

/// The protocol over a real Unix socket, through real libevent.
@Suite(.serialized) struct ServerProtocolTests {
    static let cards = "viewport=375 item=343 count=5 spacing=8 lead=16 trail=16"

    @Test func handSessionVerbatim() throws {
        let server = try TestServer()
        defer { server.stop() }
        let client = try server.connect()
        #expect(try client.request("open s=cards plugin=cards \(Self.cards)") == "opened s=cards plugin=cards index=0 x=0 snaps=5")
        #expect(try client.request("end s=cards x=90 v=1.4")
            == "snap s=cards index=1 x=351 mode=animate cause=release from=90 v=1.4 curve=spring omega=0.015707963267948967 ms=516")
        #expect(try client.request("end s=cards x=1e999") == #"error code=bad-value s=cards msg="x: not a finite number""#)
    }

    @Test func handSessionInJSON() throws {
        let server = try TestServer()
        defer { server.stop() }
        let client = try server.connect()
        #expect(try client.request(#"{"op":"open","s":"cards","plugin":"cards","viewport":375,"item":343,"count":5,"spacing":8,"lead":16,"trail":16}"#)
            == #"{"op":"opened","s":"cards","plugin":"cards","index":0,"x":0,"snaps":5}"#)
        #expect(try client.request(#"{"op":"end","s":"cards","x":90,"v":1.4}"#)
            == #"{"op":"snap","s":"cards","index":1,"x":351,"mode":"animate","cause":"release","#
            + #""from":90,"v":1.4,"curve":"spring","omega":0.015707963267948967,"ms":516}"#)
        #expect(try client.request(#"{"op":"end","s":"cards","x":1e999}"#)
            == #"{"op":"error","code":"bad-value","s":"cards","msg":"x: not a finite number"}"#)
    }

    @Test func tenThousandPipelinedRequestsAnsweredInOrder() throws {
        let server = try TestServer()
        defer { server.stop() }
        let client = try server.connect()
        var batch = "open s=c \(Self.cards)\n"
        for i in 0..<10_000 {
            batch += i % 2 == 0 ? "ping id=\(i)\n" : "goto s=c id=\(i) index=\(i % 5)\n"
        }
        let writer = Thread { [batch] in try? client.send(batch) }
        writer.start()
        #expect(try client.readLine() == "opened s=c plugin=cards index=0 x=0 snaps=5")
        let mismatch = try client.mismatch(in: 10_000, of: DecisionText.withoutMotion) { i in
            i % 2 == 0 ? "pong id=\(i)" : "snap s=c id=\(i) index=\(i % 5) x=\(351 * (i % 5)) mode=animate cause=goto"
        }
        #expect(mismatch == nil)
    }

    @Test func overLongLineIsAnsweredOnceAndTheConnectionStaysUsable() throws {
        let server = try TestServer()
        defer { server.stop() }
        let client = try server.connect()
        let long = "ping id=" + String(repeating: "x", count: 100_000)
        try client.send(long + "\nping id=after\n")
        #expect(try client.readLine() == #"error code=line-too-long msg="the line is longer than 4096 bytes (limits.maxLineBytes); it was discarded""#)
        #expect(try client.readLine() == "pong id=after")
        // JSON lines get a JSON reply; exactly the limit is fine.
        try client.send("{" + String(repeating: " ", count: 5000) + "\n")
        #expect(try client.readLine()?.hasPrefix(#"{"op":"error","code":"line-too-long""#) == true)
        let exact = "ping id=" + String(repeating: "y", count: 4096 - 8)
        #expect(try client.request(exact) == "pong " + exact.dropFirst(5))
        #expect(try client.request(exact + "z").hasPrefix("error code=line-too-long"))
        // A \r counts toward the limit.
        #expect(try client.request(exact + "\r").hasPrefix("error code=line-too-long"))
        #expect(try client.request("stats").hasPrefix("stats connections=1 sessions=0 requests=7 errors=4"))
    }

    @Test func sameSessionNameOnTwoConnectionsIsTwoSessions() throws {
        let server = try TestServer()
        defer { server.stop() }
        let a = try server.connect()
        let b = try server.connect()
        #expect(try a.request("open s=x plugin=cards \(Self.cards)") == "opened s=x plugin=cards index=0 x=0 snaps=5")
        #expect(try b.request("open s=x plugin=paging \(Self.cards) index=2") == "opened s=x plugin=paging index=2 x=750 snaps=5")
        #expect(try a.decide("goto s=x index=3") == "snap s=x index=3 x=1053 mode=animate cause=goto")
        #expect(try b.decide("cancel s=x") == "snap s=x index=2 x=750 mode=animate cause=cancel page=2")
        #expect(try a.request("close s=x") == "closed s=x")
        #expect(try b.decide("cancel s=x") == "snap s=x index=2 x=750 mode=animate cause=cancel page=2")
        #expect(try a.request("cancel s=x").hasPrefix("error code=unknown-session s=x"))
        #expect(try b.request("stats").hasPrefix("stats connections=2 sessions=1 "))
    }

    @Test func quitAnswersByeAndClosesWithoutReadingFurther() throws {
        let server = try TestServer()
        defer { server.stop() }
        let client = try server.connect()
        try client.send("ping\nquit id=q\nping\nping\n")
        #expect(try client.readAll() == ["pong", "bye id=q"])
        let other = try server.connect()
        #expect(try other.request("stats").hasPrefix("stats connections=1 "))
    }

    @Test func halfCloseGetsEveryReplyIncludingAnUnterminatedLastLine() throws {
        let server = try TestServer()
        defer { server.stop() }
        let client = try server.connect()
        try client.send("open s=c \(Self.cards)\n# comment\n\nend s=c x=90 v=1.4\r\nping id=last")
        client.finishSending()
        #expect(try client.readAll().map(DecisionText.withoutMotion) == [
            "opened s=c plugin=cards index=0 x=0 snaps=5",
            "snap s=c index=1 x=351 mode=animate cause=release",
            "pong id=last",
        ])
    }

    @Test func linesSplitAcrossWritesAreReassembled() throws {
        let server = try TestServer()
        defer { server.stop() }
        let client = try server.connect()
        let other = try server.connect()
        for piece in ["op", "en s=c ", Self.cards, "\nend s=c", " x=90 v=1.4", "\n"] {
            try client.send(piece)
            // Two turns of the loop (another client's two replies) and the
            // piece has been read, alone.
            for _ in 0..<2 { #expect(try other.request("ping") == "pong") }
        }
        #expect(try client.readLine() == "opened s=c plugin=cards index=0 x=0 snaps=5")
        #expect(try client.readDecision() == "snap s=c index=1 x=351 mode=animate cause=release")
    }

    @Test func hostileBytesGetErrorsAndTheServerCarriesOn() throws {
        let server = try TestServer()
        defer { server.stop() }
        let client = try server.connect()
        try client.send([0xFF, 0x00, 0xC3, 0x28, 0x0A])
        #expect(try client.readLine()?.hasPrefix("error code=bad-line") == true)
        try client.send(Array("ping id=a\u{0}b\n".utf8))
        #expect(try client.readLine() == "pong id=a\u{0}b")
        let deep = String(repeating: "[", count: 2000) + String(repeating: "]", count: 2000)
        #expect(try client.request(#"{"op":"end","s":"a","x":\#(deep)}"#).contains("bad-value"))
        #expect(try client.request(#"{"op":"end","s":"a","x":\#(String(repeating: "[", count: 2000))}"#).contains("bad-line"))
        #expect(try client.request("end s=a x=-0 v=1e-320 t=123456789012345678901").contains("unknown-session"))
        let other = try server.connect()
        #expect(try other.request("ping") == "pong")
    }

    @Test func busyWhenTheConnectionLimitIsReached() throws {
        let server = try TestServer(json: #"{"limits":{"maxConnections":1},"plugins":[{"name":"p","strategy":"flick"}]}"#)
        defer { server.stop() }
        let first = try server.connect()
        #expect(try first.request("ping") == "pong")
        let refused = try server.connect()
        #expect(try refused.readAll() == [#"error code=busy msg="too many connections (limits.maxConnections is 1); try again later""#])
        #expect(try first.request("stats").hasPrefix("stats connections=1 sessions=0 requests=2 errors=0"))
        // As soon as the slot frees, a new client is served.
        first.finishSending()
        #expect(try first.readAll() == [])
        #expect(try server.connect().request("ping") == "pong")
    }

    @Test func hugeJSONLinesAreAnsweredWithoutBlowingUp() throws {
        let server = try TestServer(json: #"{"limits":{"maxLineBytes":4000000},"plugins":[{"name":"p","strategy":"flick"}]}"#)
        defer { server.stop() }
        let client = try server.connect(timeout: 60)
        let members = (0..<100_000).map { "\"k\($0)\":[1,{\"a\":null}]" }.joined(separator: ",")
        #expect(try client.request(#"{"op":"ping",\#(members)}"#).hasPrefix(#"{"op":"error","code":"unknown-key""#))
        #expect(try client.request(#"{"op":"ping",\#(members),"k99999":2}"#).hasPrefix(#"{"op":"error","code":"bad-line""#))
        let sizes = Array(repeating: "1", count: 200_000).joined(separator: ",")
        #expect(try client.request(#"{"op":"open","s":"a","viewport":375,"sizes":[\#(sizes)]}"#)
            == #"{"op":"error","code":"bad-value","s":"a","msg":"sizes: more than 10000 entries (limits.maxItems)"}"#)
        #expect(try client.request("open s=a viewport=375 sizes=\(sizes)")
            == #"error code=bad-value s=a msg="sizes: more than 10000 entries (limits.maxItems)""#)
        #expect(try client.request("end s=a x=-0 v=1e-320 t=12345678901234567890").hasPrefix("error code=unknown-session"))
        #expect(try client.request("ping") == "pong")
    }

    @Test func manyClientsAtOnce() throws {
        let server = try TestServer()
        defer { server.stop() }
        let clients = try (0..<50).map { _ in try server.connect() }
        for (i, client) in clients.enumerated() {
            try client.send("open s=c \(Self.cards) index=\(i % 5)\n")
        }
        for (i, client) in clients.enumerated() {
            #expect(try client.readLine() == "opened s=c plugin=cards index=\(i % 5) x=\(351 * (i % 5)) snaps=5")
        }
        #expect(try clients[0].request("stats").hasPrefix("stats connections=50 sessions=50 "))
    }

    @Test func stopRemovesTheSocketFile() throws {
        let server = try TestServer()
        let client = try server.connect()
        #expect(try client.request("ping") == "pong")
        #expect(FileManager.default.fileExists(atPath: server.path))
        #expect(server.stop())
        #expect(!FileManager.default.fileExists(atPath: server.path))
        #expect(try client.readLine() == nil)
        server.server.stop()  // after the loop ended: harmless
    }

    @Test func aSlowReaderGetsEveryReplyAndOthersAreServedMeanwhile() throws {
        let log = LogRecorder()
        let server = try TestServer(json: #"{"limits":{"maxOutputBytes":4096},"plugins":[{"name":"p","strategy":"flick"}]}"#, log: log)
        defer { server.stop() }
        let slow = try server.connect()
        let count = 100_000
        let batch = (0..<count).map { "ping id=\($0)\n" }.joined()
        let sendError = Locked<String?>(nil)
        let sent = DispatchSemaphore(value: 0)
        let writer = Thread { [batch] in
            do { try slow.send(batch) } catch { sendError.set("\(error)") }
            sent.signal()
        }
        writer.start()
        // The slow client reads nothing: the daemon stops reading it once its
        // unsent replies pass maxOutputBytes (and logs it), so the count of
        // requests handled holds still across a turn of the loop, well short
        // of the batch, and another client is served meanwhile.
        let other = try server.connect()
        #expect(try other.request("ping id=other") == "pong id=other")
        #expect(log.wait(for: "limit hit: limits.maxOutputBytes"))
        let handled = try Self.requests(other.request("stats"))
        #expect(try Self.requests(other.request("stats")) == handled + 1, "only the stats line itself was handled")
        #expect(handled > 0 && handled < count / 2, "reading did not pause: \(handled) of \(count) handled")
        #expect(try slow.mismatch(in: count) { "pong id=\($0)" } == nil)
        #expect(sent.wait(timeout: .now() + 60) == .success)
        #expect(sendError.get() == nil, "the slow client's send failed: \(sendError.get() ?? "")")
        let stats = try other.request("stats")
        #expect(stats.hasPrefix("stats connections=2 sessions=0 requests=") && stats.contains(" errors=0 "), "\(stats)")
        #expect(try Self.requests(stats) > count + 1, "\(stats)")
    }

    /// `requests=N` of a stats reply.
    static func requests(_ stats: String) throws -> Int {
        guard let field = stats.split(separator: " ").first(where: { $0.hasPrefix("requests=") }), let n = Int(field.dropFirst(9)) else {
            throw TestFailure("no requests= in \(stats)")
        }
        return n
    }

    @Test func aHugeBurstDoesNotStarveOtherClients() throws {
        let server = try TestServer()
        defer { server.stop() }
        let burst = try server.connect()
        let count = 1_000_000
        let lines = Array(String(repeating: "ping\n", count: count).utf8)
        let writer = Thread { try? burst.send(lines) }
        let done = DispatchSemaphore(value: 0)
        let begun = DispatchSemaphore(value: 0)
        let reader = Thread {
            for i in 0..<count {
                if (try? burst.readLine()) == nil { break }
                if i == 0 { begun.signal() }
            }
            done.signal()
        }
        writer.start()
        reader.start()
        let other = try server.connect()
        // stats is answered when its line is read: the requests it counts,
        // less the other client's own stats lines, are how much of the burst
        // was handled by the other client's turn: some (the burst has begun,
        // its first reply read), not all.
        #expect(begun.wait(timeout: .now() + 60) == .success, "no reply to the burst")
        var seen: [Int] = []
        for asked in 1...20 {
            seen.append(try Self.requests(other.request("stats")) - asked)
        }
        #expect(seen.allSatisfy { $0 > 0 && $0 < count }, "the other client waited for the whole burst: \(seen)")
        #expect(done.wait(timeout: .now() + 60) == .success)
    }
}
