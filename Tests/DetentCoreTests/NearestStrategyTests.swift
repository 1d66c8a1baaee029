import Testing
@testable import DetentCore

/// docs/strategies.md, `nearest`, worked numbers (seed 002, small pages; CSS).
@Suite struct NearestStrategyTests {
    static let geometry = "viewport=375 item=100 count=20 spacing=0 align=start contain=pad"

    func thumbs(_ json: String? = nil) -> Harness {
        var h = json.map { try! Harness(json: $0) } ?? Harness()
        let plugin = json == nil ? "plugin=thumbs" : ""
        #expect(h.send("open s=t \(plugin) \(Self.geometry)")?.hasSuffix("snaps=18 pad=75") == true)
        return h
    }

    @Test func padIsTheSeedsSpacer() {
        var h = thumbs()
        #expect(h.connection.sessions["t"]?.layout.snaps.offsets.last == 1700)
        // goto clamps item 19's offset (1900) into [0, M + pad] = [0, 1700]:
        // the padded end is reachable, the last three items rest aligned.
        #expect(h.decide("goto s=t index=19") == "snap s=t index=17 x=1700 mode=animate cause=goto")
        #expect(h.decide("goto s=t index=16") == "snap s=t index=16 x=1600 mode=animate cause=goto")
        #expect(h.decide("end s=t x=1690 v=0") == "snap s=t index=17 x=1700 mode=decelerate cause=release")
    }

    @Test(arguments: [
        ("end s=t x=20 v=1", "index=1 x=100"),      // T = 119
        ("end s=t x=20 v=0.31", "index=1 x=100"),   // T = 50.69
        ("end s=t x=20 v=0.3", "index=0 x=0"),      // T = 49.7
    ])
    func workedNumbers(request: String, expected: String) {
        var h = thumbs()
        #expect(h.decide(request) == "snap s=t \(expected) mode=decelerate cause=release")
    }

    @Test func aTieGoesLowerAndFarFlicksPassSnaps() {
        var h = thumbs()
        #expect(h.decide("end s=t x=0 target=50") == "snap s=t index=0 x=0 mode=decelerate cause=release")
        #expect(h.decide("end s=t x=0 v=5") == "snap s=t index=5 x=500 mode=decelerate cause=release")
    }

    @Test func stopAlwaysNeverPassesASnap() {
        var h = thumbs(#"{"plugins":[{"name":"n","strategy":"nearest","options":{"stop":"always"}}]}"#)
        #expect(h.decide("end s=t x=0 v=5") == "snap s=t index=1 x=100 mode=decelerate cause=release")
        #expect(h.decide("end s=t x=100 v=-5") == "snap s=t index=0 x=0 mode=decelerate cause=release")
    }

    @Test func proximityRestsFreelyWhenNoSnapIsNear() {
        var h = thumbs(#"{"plugins":[{"name":"n","strategy":"nearest","options":{"snapType":"proximity","proximity":20}}]}"#)
        // T = 145: nearest snap 100 is 45 away, beyond 20: rest at T.
        #expect(h.decide("end s=t x=145 v=0") == "snap s=t index=1 x=145 mode=decelerate cause=release")
        // T = 185: 15 from 200: snap.
        #expect(h.decide("end s=t x=185 v=0") == "snap s=t index=2 x=200 mode=decelerate cause=release")
        // Free stops are clamped into [0, M + pad].
        #expect(h.decide("end s=t x=1700 v=9") == "snap s=t index=17 x=1700 mode=decelerate cause=release")
        #expect(h.decide("end s=t x=-30 v=0") == "snap s=t index=0 x=0 mode=decelerate cause=release")
    }

    @Test func proximityDefaultsToAThirdOfTheViewport() {
        var h = try! Harness(json: #"{"plugins":[{"name":"n","strategy":"nearest","options":{"snapType":"proximity"}}]}"#)
        _ = h.send("open s=t viewport=600 points=0,1000")
        // 200 from 0 and 800 from 1000; a third of 600 is 200: snap.
        #expect(h.decide("end s=t x=200 v=0") == "snap s=t index=0 x=0 mode=decelerate cause=release")
        #expect(h.decide("end s=t x=201 v=0") == "snap s=t index=0 x=201 mode=decelerate cause=release")
    }

    @Test func proximityWithStopAlwaysTestsTheLimitedSnap() {
        var h = thumbs(#"{"plugins":[{"name":"n","strategy":"nearest","options":{"snapType":"proximity","proximity":30,"stop":"always"}}]}"#)
        // T = 500 is on a snap, but stop=always limits to 100: 400 away, free.
        #expect(h.decide("end s=t x=500 v=0") == "snap s=t index=5 x=500 mode=decelerate cause=release")
        // The free stop re-rests k0 on the snap nearest x (500).
        #expect(h.decide("end s=t x=590 v=0") == "snap s=t index=6 x=600 mode=decelerate cause=release")
    }

    @Test func fastDecelerationIsTheDefault() {
        let plugin = Harness.bundledConfig.plugin(named: "thumbs")!
        #expect(plugin.strategy.decelerationRate == 0.99)
    }
}
