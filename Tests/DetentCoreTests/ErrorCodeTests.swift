import Testing
@testable import DetentCore

/// Every error code of detent-protocol(7), its precedence and its echo of s and id.
@Suite struct ErrorCodeTests {
    func code(_ line: String, after setup: [String] = []) -> String? {
        var h = Harness()
        for l in setup { _ = h.send(l) }
        guard let reply = h.send(line) else { return nil }
        guard reply.hasPrefix("error") || reply.hasPrefix("{\"op\":\"error\"") else { return "no error: " + reply }
        let text = reply.filter { $0 != "\"" }
        for part in text.split(whereSeparator: { $0 == " " || $0 == "," }) where part.hasPrefix("code=") || part.hasPrefix("code:") {
            return String(part.dropFirst(5))
        }
        return reply
    }

    @Test(arguments: [
        "OPEN s=a", "open s=a x", "open s=a =1", "open s=a X=1", "end s=a x=\"1", "end s=a x=\"1\"2",
        "end s=a x=1\"", "end s=a x=\"a\\nb\"", "end s=a x=1 x=2", "9lives", "{\"op\":\"ping\"", "{\"op\":1}",
        "{\"s\":\"a\"}", "[1]", "{\"op\":\"ping\"} x", "{\"op\":\"ping\",\"op\":\"ping\"}", "{\"op\":\"end\",\"x\":NaN}",
        "{\"op\":\"end\",\"x\":Infinity}", "{\"op\":\"end\",\"x\":01}", "{\"op\":\"end\",\"x\":1,\"x\":2}",
        "{\"op\":\"Ping\"}", "ping \u{FFFD}=1",
    ])
    func badLine(line: String) {
        #expect(code(line) == "bad-line", "\(line)")
    }

    @Test func aRepeatedKeyAmongManyIsBadLine() {
        let keys = (0..<20).map { "k\($0)=1" }.joined(separator: " ")
        #expect(code("ping \(keys) k3=2") == "bad-line")
        #expect(code("ping \(keys)") == "unknown-key")
        let members = (0..<20).map { "\"k\($0)\":1" }.joined(separator: ",")
        #expect(code("{\"op\":\"ping\",\(members),\"k19\":2}") == "bad-line")
        #expect(code("{\"op\":\"ping\",\(members)}") == "unknown-key")
    }

    @Test func invalidUTF8IsBadLine() {
        var h = Harness()
        var bytes: [UInt8] = Array("ping id=".utf8) + [0xFF, 0xFE]
        let reply = bytes.withUnsafeMutableBufferPointer { b in
            Dispatcher.handle(UnsafeBufferPointer(b), connection: &h.connection, server: h.server).reply
        }
        #expect(reply?.hasPrefix("error code=bad-line msg=") == true)
    }

    @Test func unknownVerbSuggests() {
        var h = Harness()
        #expect(h.send("opne s=a") == #"error code=unknown-verb s=a msg="unknown verb \"opne\" (did you mean \"open\"?)""#)
    }

    @Test func unknownKeySuggests() {
        var h = Harness()
        #expect(h.send("open s=a viewprt=375")?.hasPrefix(#"error code=unknown-key s=a msg="open does not take \"viewprt\" (did you mean \"viewport\"?)"#) == true)
        #expect(code("ping s=a") == "unknown-key")
        #expect(code("end s=a x=1 velocity=2") == "unknown-key")
        #expect(code(#"{"op":"ping","Foo":1}"#) == "unknown-key")
    }

    @Test(arguments: ["end x=1", "end s=a", "open s=a item=3 count=2", "open s=a viewport=3 item=3",
                      "open s=a viewport=3 count=3", "goto s=a", "autoplay s=a", "close", "layout s=a"])
    func missingKey(line: String) {
        #expect(code(line) == "missing-key", "\(line)")
    }

    @Test(arguments: [
        "end s=a x=1e999", "end s=a x=nan", "end s=a x=inf", "end s=a x=", "end s=a x=abc", "end s=a x=1 v=0x1",
        "open s=a viewport=3 item=0 count=1", "open s=a viewport=3 item=-1 count=1", "open s=a viewport=3 item=1 count=2.5",
        "open s=a viewport=3 sizes=1,0", "open s=a viewport=3 sizes=1,,2", "open s=a viewport=3 sizes=1,2,",
        "open s=a viewport=3 sizes=1;2", "open s=a viewport=3 item=1 count=1 spacing=-1",
        "open s=a viewport=3 item=1 count=1 lead=-0.1", "open s=a viewport=3 item=1 count=1 trail=-5",
        "open s=a viewport=3 item=1 count=1 align=middle", "open s=a viewport=3 item=1 count=1 contain=clip",
        "open s=a viewport=3 item=1 count=1 axis=z", "open s=a viewport=3 item=1 count=1 loop=yes",
        "open s=a viewport=3 item=1 count=1 index=0.5", "open s=a viewport=3 item=1 count=10001",
        "open s=a! viewport=3 item=1 count=1", "ping id=",
        #"{"op":"end","s":"a","x":"12"}"#, #"{"op":"end","s":"a","x":null}"#, #"{"op":"end","s":"a","x":{}}"#,
        #"{"op":"end","s":"a","x":1e999}"#, #"{"op":"open","s":"a","viewport":3,"sizes":"1,2"}"#,
        #"{"op":"open","s":"a","viewport":3,"sizes":[1,"2"]}"#, #"{"op":"ping","id":true}"#,
        #"{"op":"ping","id":[1]}"#, #"{"op":"open","s":"a","viewport":3,"item":1,"count":1,"loop":2}"#,
        #"{"op":"end","s":7,"x":1}"#, "autoplay s=a every=0.5", "autoplay s=a every=-1",
    ])
    func badValue(line: String) {
        #expect(code(line) == "bad-value", "\(line)")
    }

    @Test func listOverMaxItemsIsBadValue() {
        let sizes = Array(repeating: "1", count: 10001).joined(separator: ",")
        #expect(code("open s=a viewport=3 sizes=\(sizes)") == "bad-value")
        #expect(code("open s=a viewport=3 points=\(sizes)") == "bad-value")
    }

    @Test func sessionErrors() {
        #expect(code("end s=nope x=1") == "unknown-session")
        #expect(code("layout s=nope viewport=3 item=1 count=1") == "unknown-session")
        #expect(code("goto s=nope index=0") == "unknown-session")
        #expect(code("open s=a viewport=3 item=1 count=1", after: ["open s=a viewport=3 item=1 count=1"]) == "session-exists")
        #expect(code("close s=a", after: ["open s=a viewport=3 item=1 count=1", "close s=a"]) == "unknown-session")
    }

    @Test func unknownPluginSuggests() {
        var h = Harness()
        #expect(h.send("open s=a plugin=crads viewport=3 item=1 count=1")
            == #"error code=unknown-plugin s=a msg="no plugin \"crads\" (did you mean \"cards\"?); configured: paging, cards, peek, banner, thumbs, shelf, carousel, flutter-page, embla, swiper, compose-pager, android-pager, android-linear, adwaita, qt-swipeview, css-snap""#)
    }

    @Test func tooManySessions() throws {
        var h = try Harness(json: #"{"limits":{"maxSessionsPerConnection":2},"plugins":[{"name":"p","strategy":"flick"}]}"#)
        #expect(h.send("open s=a viewport=3 item=1 count=1")?.hasPrefix("opened") == true)
        #expect(h.send("open s=b viewport=3 item=1 count=1")?.hasPrefix("opened") == true)
        #expect(h.send("open s=c viewport=3 item=1 count=1")?.hasPrefix("error code=too-many-sessions s=c") == true)
        #expect(h.send("close s=a") == "closed s=a")
        #expect(h.send("open s=c viewport=3 item=1 count=1")?.hasPrefix("opened") == true)
    }

    @Test(arguments: [
        "open s=a viewport=0 item=1 count=1", "open s=a viewport=-3 item=1 count=1", "open s=a viewport=3 item=1 count=0",
        "open s=a viewport=3", "open s=a viewport=3 item=1 count=1 sizes=1", "open s=a viewport=3 sizes=1 points=0",
        "open s=a viewport=3 sizes=", "open s=a viewport=3 points=", "open s=a viewport=3 points=0,0",
        "open s=a viewport=3 points=5,1", "open s=a viewport=3 points=0,1 spacing=1", "open s=a viewport=3 points=0,1 align=start",
        "open s=a viewport=3 points=0,1 contain=pad", "open s=a viewport=3 points=0,1 loop=0",
        "open s=a viewport=3 item=1e308 count=3",
    ])
    func badLayout(line: String) {
        #expect(code(line) == "bad-layout", "\(line)")
    }

    @Test func loopIsUnsupportedByPagingAndFlick() {
        #expect(code("open s=a plugin=cards viewport=3 item=1 count=3 loop=1") == "unsupported-layout")
        #expect(code("open s=a plugin=paging viewport=3 item=1 count=3 loop=true") == "unsupported-layout")
    }

    @Test func indexRangeIsCheckedLast() {
        #expect(code("open s=a viewport=3 item=1 count=3 index=3") == "bad-value")
        #expect(code("open s=a viewport=3 item=1 count=3 index=-1") == "bad-value")
        #expect(code("open s=a viewport=3 item=1 count=3 index=1e300") == "bad-value")
        // Geometry errors win over the index range.
        #expect(code("open s=a viewport=0 item=1 count=3 index=9") == "bad-layout")
        #expect(code("open s=a viewport=3 item=1 count=3 index=9 loop=1") == "unsupported-layout")
        #expect(code("goto s=a index=5", after: ["open s=a viewport=3 item=1 count=3"]) == "bad-value")
        #expect(code("goto s=a index=-1", after: ["open s=a viewport=3 item=1 count=3"]) == "bad-value")
    }

    @Test func precedenceFollowsTheContract() {
        // bad-line beats everything; unknown-verb beats unknown-key, and so on.
        #expect(code("bogus x=1 x=2") == "bad-line")
        #expect(code("bogus nokey=1") == "unknown-verb")
        #expect(code("end nokey=1") == "unknown-key")
        #expect(code("end s=a v=1e999") == "missing-key")
        #expect(code("end s=a x=1 v=1e999") == "bad-value")
        // bad-value in line order: the first bad one is named.
        var h = Harness()
        #expect(h.send("end s=a x=zz v=yy") == #"error code=bad-value s=a msg="x: not a finite number""#)
        #expect(code("end s=nope x=1e999") == "bad-value")
        #expect(code("open s=a plugin=nope viewport=0", after: ["open s=a viewport=3 item=1 count=1"]) == "session-exists")
        #expect(code("open s=b plugin=nope viewport=0") == "unknown-plugin")
        #expect(code("open s=a viewport=3 item=1") == "missing-key")
    }

    @Test func echoesSAndIdButNotInvalidOnes() {
        var h = Harness()
        #expect(h.send("end s=a id=7 x=1") == #"error code=unknown-session s=a id=7 msg="no session \"a\" on this connection (open it first)""#)
        #expect(h.send("bogus id=x1") == #"error id=x1 code=unknown-verb msg="unknown verb \"bogus\"""#)
        #expect(h.send("end s=a! id=\"two words\" x=1") == #"error id="two words" code=bad-value msg="s: a session name is 1 to 64 of A-Z a-z 0-9 . _ -""#)
        #expect(h.send(#"{"op":"end","s":"a","id":"k","x":1}"#) == #"{"op":"error","code":"unknown-session","s":"a","id":"k","msg":"no session \"a\" on this connection (open it first)"}"#)
        #expect(h.send(#"{"op":"ping","id":1.50}"#) == #"{"op":"pong","id":1.50}"#)
        #expect(h.send(#"{"op":"ping","id":null}"#) == #"{"op":"error","code":"bad-value","msg":"id: a string or a number is expected, not null"}"#)
    }
}
