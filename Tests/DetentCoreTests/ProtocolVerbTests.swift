import Testing
@testable import DetentCore

/// The connection-level verbs and the line rules of detent-protocol(7).
@Suite struct ProtocolVerbTests {
    @Test func helloPingPluginsQuit() {
        var h = Harness()
        #expect(h.send("hello client=test") == "hello proto=1 server=detentd/\(DetentVersion.string) plugins=paging,cards,peek,banner,thumbs,shelf,carousel,flutter-page,embla,swiper,compose-pager,android-pager,android-linear,adwaita,qt-swipeview,css-snap")
        #expect(h.send(#"{"op":"hello"}"#) == #"{"op":"hello","proto":1,"server":"detentd/\#(DetentVersion.string)","plugins":["paging","cards","peek","banner","thumbs","shelf","carousel","flutter-page","embla","swiper","compose-pager","android-pager","android-linear","adwaita","qt-swipeview","css-snap"]}"#)
        #expect(h.send("ping id=42") == "pong id=42")
        #expect(h.send("plugins") == "plugins names=paging,cards,peek,banner,thumbs,shelf,carousel,flutter-page,embla,swiper,compose-pager,android-pager,android-linear,adwaita,qt-swipeview,css-snap default=cards")
        #expect(h.send(#"{"op":"plugins"}"#) == #"{"op":"plugins","names":["paging","cards","peek","banner","thumbs","shelf","carousel","flutter-page","embla","swiper","compose-pager","android-pager","android-linear","adwaita","qt-swipeview","css-snap"],"default":"cards"}"#)
        let result = Dispatcher.handle("quit", connection: &h.connection, server: h.server)
        #expect(result.reply == "bye\n")
        #expect(result.close)
    }

    @Test func statsCountsRequestsErrorsAndSessions() {
        var h = Harness()
        h.server.connections = 1
        _ = h.send("# a comment is not a request")
        _ = h.send("")
        _ = h.send("ping")
        _ = h.send("bogus")
        _ = h.send("open s=a viewport=3 item=1 count=1")
        _ = h.send("open s=b viewport=3 item=1 count=1")
        _ = h.send("close s=b")
        #expect(h.send("stats") == "stats connections=1 sessions=1 requests=6 errors=1 uptime=0")
    }

    @Test func commentsBlanksAndCRLF() {
        var h = Harness()
        #expect(h.send("   ") == nil)
        #expect(h.send("\t# comment with = and \"") == nil)
        #expect(h.send("ping\r") == "pong")
        #expect(h.send("  ping  \t id=1 \r") == "pong id=1")
        #expect(h.send("\r") == nil)
        #expect(h.send(#"  {"op":"ping"}  "#) == #"{"op":"pong"}"#)
    }

    @Test func quotedValuesOnlyDelimit() {
        var h = Harness()
        _ = h.send(#"open s="c" plugin="cards" viewport="375" item=343 count="5" spacing=8 lead=16 trail=16"#)
        #expect(h.decide(#"end s=c x="90" v="1.4""#) == "snap s=c index=1 x=351 mode=animate cause=release")
        #expect(h.send(#"hello client="a \"quoted\" \\ name""#)?.hasPrefix("hello proto=1") == true)
        #expect(h.send(#"ping id="a b""#) == #"pong id="a b""#)
        #expect(h.send(#"ping id="x\"y""#) == #"pong id="x\"y""#)
    }

    @Test func integralNumbersAcceptAnyIntegralSpelling() {
        var h = Harness()
        #expect(h.send("open s=c \(Harness.cards) index=2.0")?.contains("index=2") == true)
        #expect(h.decide("goto s=c index=3e0") == "snap s=c index=3 x=1053 mode=animate cause=goto")
        #expect(h.decide(#"{"op":"goto","s":"c","index":1.0}"#) == #"{"op":"snap","s":"c","index":1,"x":351,"mode":"animate","cause":"goto"}"#)
    }

    @Test func jsonBooleansAndLists() {
        var h = Harness()
        #expect(h.send(#"{"op":"open","s":"a","viewport":150,"sizes":[100,200,50],"align":"start","loop":false}"#)
            == #"{"op":"opened","s":"a","plugin":"cards","index":0,"x":0,"snaps":3}"#)
        #expect(h.send(#"{"op":"open","s":"b","viewport":150,"sizes":[100],"loop":0}"#)?.contains("opened") == true)
        #expect(h.send(#"{"op":"open","s":"c","viewport":150,"points":[]}"#)?.contains("bad-layout") == true)
        #expect(h.send("open s=d viewport=150 points=5") == "opened s=d plugin=cards index=0 x=5 snaps=1")
    }

    @Test func negativeZeroIsWrittenAsZero() {
        var h = Harness()
        _ = h.send("open s=c viewport=100 points=-0,10")
        #expect(h.send("move s=c x=-0") == "moved s=c x=0")
    }
}
