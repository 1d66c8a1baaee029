import Testing
@testable import DetentCore

/// docs/strategies.md, `adjacent`, worked numbers (seed 002, large pages).
@Suite struct AdjacentStrategyTests {
    static let geometry = "viewport=375 item=275 count=6 spacing=0 align=start"

    func banner(_ extra: String = "") -> Harness {
        var h = Harness()
        _ = h.send("open s=b plugin=banner \(Self.geometry) \(extra)")
        return h
    }

    @Test func snapsTrimAndPad() {
        var h = Harness()
        #expect(h.send("open s=b plugin=banner \(Self.geometry)") == "opened s=b plugin=banner index=0 x=0 snaps=6")
        #expect(h.connection.sessions["b"]?.layout.snaps.offsets == [0, 275, 550, 825, 1100, 1275])
        #expect(h.send("open s=p plugin=banner \(Self.geometry) contain=pad") == "opened s=p plugin=banner index=0 x=0 snaps=6 pad=100")
        #expect(h.connection.sessions["p"]?.layout.snaps.offsets == [0, 275, 550, 825, 1100, 1375])
    }

    @Test(arguments: [
        ("end s=b x=100 target=140", "index=1 x=275 mode=animate"),
        ("end s=b x=100 target=130", "index=0 x=0 mode=animate"),
        // T = 40 + 499 * 2.5, clamped to M: far past half a page, one page only.
        ("end s=b x=40 v=2.5", "index=1 x=275 mode=decelerate"),
    ])
    func workedNumbersFromZero(request: String, expected: String) {
        var h = banner()
        #expect(h.decide(request) == "snap s=b \(expected) cause=release")
    }

    @Test func halfAPageExactlyStays() {
        var h = banner()
        #expect(h.decide("end s=b x=100 target=137.5") == "snap s=b index=0 x=0 mode=animate cause=release")
        #expect(h.decide("end s=b x=100 target=137.6") == "snap s=b index=1 x=275 mode=animate cause=release")
    }

    @Test func backwardsUsesTheGapBelowAndMomentumBothWays() {
        var h = banner()
        _ = h.send("goto s=b index=2")  // 550
        #expect(h.decide("end s=b x=500 target=412") == "snap s=b index=1 x=275 mode=animate cause=release")
        #expect(h.decide("end s=b x=270 v=-2") == "snap s=b index=0 x=0 mode=decelerate cause=release")
        // At the ends a missing neighbour never wins.
        #expect(h.decide("end s=b x=0 target=-500") == "snap s=b index=0 x=0 mode=animate cause=release")
        _ = h.send("goto s=b index=5")
        #expect(h.decide("end s=b x=1275 v=3") == "snap s=b index=5 x=1275 mode=decelerate cause=release")
    }

    @Test func theLastGapIsTheClampedOne() {
        // From 1100 the next snap is 1275 (175 away): past 87.5 moves on.
        var h = banner()
        _ = h.send("goto s=b index=4")
        #expect(h.decide("end s=b x=1100 target=1190") == "snap s=b index=5 x=1275 mode=animate cause=release")
    }
}
