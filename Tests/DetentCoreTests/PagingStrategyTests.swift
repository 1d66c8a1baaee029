import Testing
@testable import DetentCore

/// docs/strategies.md, `paging` (seeds 000 and 001).
@Suite struct PagingStrategyTests {
    @Test func seed000BugStopsOnMultiplesOfTheViewport() {
        var h = Harness()
        #expect(h.send("open s=p plugin=paging \(Harness.cards)") == "opened s=p plugin=paging index=0 x=0 snaps=5")
        #expect(h.connection.sessions["p"]?.layout.snaps.offsets == [0, 375, 750, 1125, 1404])
        // A flick moves one page: to 375, while card 1 rests at 351.
        #expect(h.decide("end s=p x=40 v=0.6") == "snap s=p index=1 x=375 mode=decelerate cause=release page=1")
        #expect(h.decide("end s=p x=400 v=0.5") == "snap s=p index=2 x=750 mode=decelerate cause=release page=2")
        #expect(h.connection.sessions["p"]?.layout.geometry.items?.alignedOffset(2, align: .start, viewport: 375) == 702)
    }

    @Test func peekPagesByThePitch() {
        // Seed 001: page = card + interval = 351.
        var h = Harness()
        #expect(h.send("open s=p plugin=peek \(Harness.cards)") == "opened s=p plugin=peek index=0 x=0 snaps=5")
        #expect(h.connection.sessions["p"]?.layout.snaps.offsets == [0, 351, 702, 1053, 1404])
        #expect(h.decide("end s=p x=60 v=0.7") == "snap s=p index=1 x=351 mode=decelerate cause=release page=1")
        #expect(h.decide("end s=p x=320 v=-0.5") == "snap s=p index=0 x=0 mode=decelerate cause=release page=0")
    }

    @Test func slowReleaseTakesTheNearestPageAtMostOneAway() {
        var h = Harness()
        _ = h.send("open s=p plugin=paging \(Harness.cards)")
        #expect(h.decide("end s=p x=180 v=0.1") == "snap s=p index=0 x=0 mode=decelerate cause=release page=0")
        #expect(h.decide("end s=p x=200 v=-0.49") == "snap s=p index=1 x=375 mode=decelerate cause=release page=1")
        // Nearest to 1390 is the last page (3 away): limited to one page.
        _ = h.send("goto s=p index=0")
        #expect(h.decide("end s=p x=1390 v=0") == "snap s=p index=1 x=375 mode=decelerate cause=release page=1")
        // Exactly half way goes to the lower page.
        #expect(h.decide("end s=p x=562.5 v=0") == "snap s=p index=1 x=375 mode=decelerate cause=release page=1")
    }

    @Test func numericPageAndPad() {
        var h = try! Harness(json: #"{"plugins":[{"name":"p","strategy":"paging","options":{"page":300}}]}"#)
        #expect(h.send("open s=p \(Harness.cards) contain=pad") == "opened s=p plugin=p index=0 x=0 snaps=6 pad=96")
        #expect(h.connection.sessions["p"]?.layout.snaps.offsets == [0, 300, 600, 900, 1200, 1500])
    }

    @Test func pointsAreThePages() {
        var h = Harness()
        #expect(h.send("open s=p plugin=paging viewport=800 points=0,200,640") == "opened s=p plugin=paging index=0 x=0 snaps=3")
        #expect(h.decide("end s=p x=100 v=0.9") == "snap s=p index=1 x=200 mode=decelerate cause=release page=1")
        #expect(h.decide("goto s=p index=2") == "snap s=p index=2 x=640 mode=animate cause=goto page=2")
    }

    @Test func tooManyPagesIsBadLayout() {
        var h = try! Harness(json: #"{"limits":{"maxItems":10},"plugins":[{"name":"p","strategy":"paging","options":{"page":1}}]}"#)
        #expect(h.send("open s=p viewport=10 item=100 count=2")?.hasPrefix("error code=bad-layout s=p") == true)
    }
}
