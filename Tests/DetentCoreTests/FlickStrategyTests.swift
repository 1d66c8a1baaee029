import Testing
@testable import DetentCore

/// docs/strategies.md, `flick`, worked numbers (seed 000).
@Suite struct FlickStrategyTests {
    /// A `cards` session resting on `index`.
    func cards(from index: Int) -> Harness {
        var h = Harness()
        #expect(h.send("open s=c plugin=cards \(Harness.cards) index=\(index)")?.hasPrefix("opened s=c plugin=cards index=\(index)") == true)
        return h
    }

    @Test func snapsAreTheCentredCards() {
        var h = Harness()
        #expect(h.send("open s=c plugin=cards \(Harness.cards)") == "opened s=c plugin=cards index=0 x=0 snaps=5")
        let offsets = h.connection.sessions["c"]?.layout.snaps.offsets
        #expect(offsets == [0, 351, 702, 1053, 1404])
    }

    @Test(arguments: [
        (0, "end s=c x=90 v=1.4", "index=1 x=351"),
        (0, "end s=c x=90 v=0.6", "index=0 x=0"),
        (0, "end s=c x=200 v=0", "index=1 x=351"),
        (1, "end s=c x=300 v=-1.2", "index=0 x=0"),
        (4, "end s=c x=1450 v=3", "index=4 x=1404"),
    ])
    func workedNumbers(from: Int, request: String, expected: String) {
        var h = cards(from: from)
        #expect(h.decide(request) == "snap s=c \(expected) mode=animate cause=release")
    }

    @Test func aTieGoesToTheHigherCardLikeLroundf() {
        var h = cards(from: 0)
        // 175.5 is exactly between 0 and 351: lroundf rounds half away from zero.
        #expect(h.decide("end s=c x=175.5 v=0") == "snap s=c index=1 x=351 mode=animate cause=release")
    }

    @Test func aFlickCountsOnlyFromTheRestingCard() {
        var h = cards(from: 0)
        // Nearest is 2, not the resting 0: no extra card for the flick.
        #expect(h.decide("end s=c x=700 v=5") == "snap s=c index=2 x=702 mode=animate cause=release")
        // From 2, a slow release near 2 stays.
        #expect(h.decide("end s=c x=710 v=1") == "snap s=c index=2 x=702 mode=animate cause=release")
        // Exactly the flick velocity is not faster than it.
        #expect(h.decide("end s=c x=702 v=-1") == "snap s=c index=2 x=702 mode=animate cause=release")
        #expect(h.decide("end s=c x=702 v=-1.01") == "snap s=c index=1 x=351 mode=animate cause=release")
    }

    @Test func decisionIsPureOverSnaps() {
        let strategy = FlickStrategy(options: .init())
        var spec = GeometrySpec()
        spec.viewport = 100
        spec.points = [0, 351, 702]
        let geometry = try! Geometry(spec, defaultAlign: .center)
        let layout = Layout(geometry: geometry, snaps: .points([0, 351, 702]))
        #expect(strategy.decide(Release(x: 10, v: 2, target: 10), layout: layout, from: 0) == .snap(1, .animate))
        #expect(strategy.decide(Release(x: 10, v: -2, target: 10), layout: layout, from: 0) == .snap(-1, .animate))
    }
}
