import Testing
@testable import DetentCore

/// docs/strategies.md, `embla`: Embla Carousel v8.6.0, worked numbers
/// (viewport 375, six slides 343 wide at 16 + 351 i, centred: snaps 351 i).
@Suite struct EmblaStrategyTests {
    static let slides = "viewport=375 item=343 count=6 spacing=8 lead=16 trail=16 align=center"

    /// A session resting on slide 1 (`k0 = 1`).
    func embla(_ options: String = "{}", geometry: String = slides) -> Harness {
        var h = try! Harness(json: #"{"plugins":[{"name":"e","strategy":"embla","options":\#(options)}]}"#)
        let opened = h.send("open s=e \(geometry) index=1")
        #expect(opened?.hasPrefix(geometry == Self.slides ? "opened s=e plugin=e index=1 x=351 " : "opened s=e plugin=e index=1 ") == true, "\(opened ?? "")")
        return h
    }

    @Test(arguments: [
        ("{}", "end s=e x=411 v=0.15", "index=1 x=351"),          // P 60 < 75
        (#"{"pointer":"mouse"}"#, "end s=e x=411 v=0.2", "index=1 x=351"),
        ("{}", "end s=e x=411 v=0.2", "index=2 x=702"),           // P 80: k0 + 1
        ("{}", "end s=e x=411 v=-0.5", "index=0 x=0"),
        ("{}", "end s=e x=1000 v=0", "index=3 x=1053"),
        ("{}", "end s=e x=1000 v=1", "index=2 x=702"),            // from k0, wherever x is
        (#"{"skipSnaps":true}"#, "end s=e x=1000 v=1", "index=3 x=1053"),
        (#"{"skipSnaps":true}"#, "end s=e x=560 v=3", "index=3 x=1053"),
        (#"{"dragFree":true}"#, "end s=e x=411 v=1", "index=3 x=1011"),
        (#"{"dragFree":true}"#, "end s=e x=1500 v=2", "index=5 x=1755"),
    ])
    func workedNumbers(options: String, request: String, expected: String) {
        var h = embla(options)
        #expect(h.decide(request) == "snap s=e \(expected) mode=decelerate cause=release")
    }

    /// DragTracker: a move more than 170 ms after the window's start starts
    /// a new window; the force runs from its start to the last move, over
    /// the time to `end`; a last move more than 170 ms before `end` counts for nothing.
    /// Issue 27, section 5: a force exactly at Embla's go-to-next threshold.
    /// Embla computes it as `viewSize * 20 / 100` (153.6 here), and a force
    /// of 0.384 × 400 = 153.6 is not under it: one snap on from k0, not
    /// the snap nearest `x + P` (`0.2 * 768` is 153.60000000000002).
    @Test func aForceAtTheThresholdTiesAsEmblaComputesIt() {
        var h = embla(geometry: "viewport=768 item=692 count=7 spacing=5 lead=38 trail=38 align=center")
        let reply = h.decide("end s=e x=1803.7 v=0.384") ?? ""
        #expect(reply.contains(" index=2 "), "\(reply)")
    }

    @Test func theTrackerMeasuresItsWindow() {
        var h = embla()
        _ = h.send("begin s=e x=351 t=0")
        _ = h.send("move s=e x=360 t=100")
        _ = h.send("move s=e x=420 t=200")   // 200 > 170: the window restarts here
        _ = h.send("move s=e x=440 t=250")
        // Force (440 - 420) / (260 - 200) = 0.333 (v says 0): P 133 >= 75, k0 + 1.
        #expect(h.decide("end s=e x=440 v=0 t=260") == "snap s=e index=2 x=702 mode=decelerate cause=release")
        var stale = embla()
        _ = stale.send("begin s=e x=351 t=0")
        _ = stale.send("move s=e x=440 t=50")
        // The last move is 250 ms old: no force, whatever v says; near(440) = 1.
        #expect(stale.decide("end s=e x=440 v=3 t=300") == "snap s=e index=1 x=351 mode=decelerate cause=release")
    }

    /// ScrollContain: trimSnaps keeps one snap per end; keepSnaps keeps
    /// every slide's, several at the end when they clamp there.
    @Test func containScroll() {
        let wide = "viewport=375 item=100 count=8 spacing=0 align=start"   // M = 425
        let trim = embla(geometry: wide)
        #expect(trim.connection.sessions["e"]?.layout.snaps.offsets == [0, 100, 200, 300, 400, 425])
        let keep = embla(#"{"containScroll":"keepSnaps"}"#, geometry: wide)
        #expect(keep.connection.sessions["e"]?.layout.snaps.offsets == [0, 100, 200, 300, 400, 425, 425, 425])
        #expect(keep.connection.sessions["e"]?.layout.snaps.indexes == [0, 1, 2, 3, 4, 5, 6, 7])
    }

    @Test func padIsNotForIt() throws {
        var h = try Harness(json: #"{"plugins":[{"name":"e","strategy":"embla"}]}"#)
        #expect(h.send("open s=e viewport=375 item=100 count=8 contain=pad")
            == #"error code=unsupported-layout s=e msg="strategy embla bounds its snaps its own way: contain=pad is not for it""#)
    }

    @Test func optionsAreChecked() {
        #expect(throws: (any Error).self) {
            try Harness(json: #"{"plugins":[{"name":"e","strategy":"embla","options":{"skipSnaps":1}}]}"#)
        }
        #expect(throws: (any Error).self) {
            try Harness(json: #"{"plugins":[{"name":"e","strategy":"embla","options":{"containScroll":"trim"}}]}"#)
        }
    }
}
