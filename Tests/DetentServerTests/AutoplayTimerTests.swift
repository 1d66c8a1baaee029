import DetentTestSupport
import Foundation
import Testing

/// Smoke tests of autoplay's real timer over a real socket: the timing rules
/// themselves are `AutoplayClockTests`, with a clock the test moves. Here
/// another session's pushes tell the time: no fixed wait.
@Suite(.serialized) struct AutoplayTimerTests {
    static let cards = "viewport=375 item=343 count=5 spacing=8 lead=16 trail=16"

    /// Reads lines until one starts with `prefix`; returns those before it.
    func lines(_ client: TestClient, until prefix: String) throws -> [String] {
        var before: [String] = []
        while let line = try client.readLine() {
            if line.hasPrefix(prefix) { return before }
            before.append(line)
        }
        throw TestFailure("EOF before \(prefix)")
    }

    /// Sends `line`, then reads lines until one starts with `prefix`;
    /// returns those before it.
    func ask(_ line: String, _ client: TestClient, until prefix: String) throws -> [String] {
        try client.send(line + "\n")
        return try lines(client, until: prefix)
    }

    /// Reads lines until `count` pushes of session `s` (text) have come;
    /// returns the other lines read meanwhile.
    func others(until count: Int, pushesOf s: String, _ client: TestClient) throws -> [String] {
        var others: [String] = []
        var pushes = 0
        while pushes < count {
            guard let line = try client.readLine() else { throw TestFailure("EOF before \(count) pushes of \(s)") }
            if line.hasPrefix("snap s=\(s) "), line.contains(" cause=autoplay") { pushes += 1 } else { others.append(line) }
        }
        return others
    }

    @Test func pushesComeAtTheirPeriodNoneWhileAFingerIsDownOrAfterEveryZero() throws {
        let server = try TestServer()
        defer { server.stop() }
        let client = try server.connect()
        #expect(try client.request("open s=c \(Self.cards)") == "opened s=c plugin=cards index=0 x=0 snaps=5")
        #expect(try client.request("open s=d \(Self.cards)") == "opened s=d plugin=cards index=0 x=0 snaps=5")
        let asked = Date()
        #expect(try client.request(#"{"op":"autoplay","s":"c","every":30}"#) == #"{"op":"ok","s":"c","every":30}"#)
        #expect(try client.readDecision() == #"{"op":"snap","s":"c","index":1,"x":351,"mode":"animate","cause":"autoplay"}"#)
        #expect(try client.readDecision() == #"{"op":"snap","s":"c","index":2,"x":702,"mode":"animate","cause":"autoplay"}"#)
        // Not early: two periods, less a tick of the loop's coarse clock.
        #expect(Date().timeIntervalSince(asked) >= 0.055)
        // From here s=d steps every 10 ms: its pushes tell the time.
        _ = try ask("autoplay s=d every=10", client, until: "ok s=d every=10")
        // Finger down: pushes of c may precede `began`, none may follow it
        // while d's twelve come (over 110 ms, three of c's periods).
        _ = try ask("begin s=c x=702", client, until: "began s=c")
        #expect(try others(until: 12, pushesOf: "d", client) == [], "no push while the finger is down")
        // Finger up: the decision, then c's pushes resume from it.
        #expect(try ask("end s=c x=702 v=0", client, until: "snap s=c index=2 x=702 mode=animate cause=release").allSatisfy { $0.hasPrefix("snap s=d ") })
        let next = #"{"op":"snap","s":"c","index":3,"x":1053,"mode":"animate","cause":"autoplay""#
        #expect(try lines(client, until: next).allSatisfy { $0.hasPrefix("snap s=d ") })
        // every=0: nothing of c after its reply, while d's twelve come.
        _ = try ask("autoplay s=c every=0", client, until: "ok s=c every=0")
        #expect(try others(until: 12, pushesOf: "d", client) == [])
        _ = try ask("close s=d", client, until: "closed s=d")
        #expect(try client.request("ping") == "pong")
    }

    @Test func autoplayMsStartsAtOpenInTheOpensEncodingAndStopsAtCloseAndAtTheConnectionsEnd() throws {
        let server = try TestServer(json: #"{"plugins":[{"name":"c","strategy":"carousel","options":{"autoplayMs":25}}]}"#)
        defer { server.stop() }
        let client = try server.connect()
        let asked = Date()
        #expect(try client.request(#"{"op":"open","s":"c","viewport":375,"item":300,"spacing":10,"count":4,"loop":1}"#)
            == #"{"op":"opened","s":"c","plugin":"c","index":0,"x":582.5,"snaps":8,"dup":2}"#)
        #expect(try client.readDecision() == #"{"op":"snap","s":"c","index":1,"x":892.5,"mode":"animate","cause":"autoplay"}"#)
        #expect(try client.readDecision() == #"{"op":"snap","s":"c","index":2,"x":1202.5,"mode":"animate","cause":"autoplay"}"#)
        #expect(try client.readDecision() == #"{"op":"snap","s":"c","index":3,"x":1512.5,"mode":"animate","cause":"autoplay"}"#)
        #expect(try client.readDecision() == #"{"op":"snap","s":"c","index":0,"x":1822.5,"mode":"animate","cause":"autoplay","jump":582.5}"#)
        #expect(Date().timeIntervalSince(asked) >= 0.095)
        // A second session, whose pushes tell the time.
        _ = try ask("open s=e viewport=375 item=300 count=4", client, until: "opened s=e")
        _ = try ask("close s=c", client, until: "closed s=c")
        #expect(try others(until: 5, pushesOf: "e", client) == [], "nothing of c after closed")
        // The connection ends with autoplay on: its timer goes with it, and
        // another connection's five steps pass its deadline harmlessly.
        client.finishSending()
        _ = try client.readAll()
        let other = try server.connect()
        try other.send("open s=c viewport=375 item=300 count=4\n")
        #expect(try others(until: 5, pushesOf: "c", other).map { $0.split(separator: " ")[0] } == ["opened"])
        _ = try ask("close s=c", other, until: "closed s=c")
        #expect(try other.request("stats").hasPrefix("stats connections=1 sessions=0 "))
    }
}
