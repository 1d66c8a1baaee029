import Testing
@testable import DetentCore

/// docs/strategies.md, `swiper`: worked numbers (viewport 375, six slides
/// 343 at 16 + 351 i, centred: snaps 351 i).
@Suite struct SwiperStrategyTests {
    static let slides = "viewport=375 item=343 count=6 spacing=8 lead=16 trail=16 align=center"

    /// A session resting on `index`, a finger down on its snap at t = 0,
    /// released at `x` after `ms` (and `v` when given).
    func swipe(_ options: String = "{}", from index: Int = 1, to x: Double, after ms: Double, v: Double = 0) -> String? {
        var h = try! Harness(json: #"{"plugins":[{"name":"w","strategy":"swiper","options":\#(options)}]}"#)
        _ = h.send("open s=w \(Self.slides) index=\(index)")
        _ = h.send("begin s=w x=\(351 * index) t=0")
        return h.decide("end s=w x=\(NumberFormat.string(x)) v=\(NumberFormat.string(v)) t=\(NumberFormat.string(ms))")
    }

    func rest(_ index: Int, _ mode: String = "animate") -> String {
        "snap s=w index=\(index) x=\(351 * index) mode=\(mode) cause=release"
    }

    @Test func shortTouchesGoOnByOne() {
        #expect(swipe(to: 371, after: 150) == rest(2))
        #expect(swipe(to: 331, after: 150) == rest(0))
        #expect(swipe(to: 800, after: 250, v: 3) == rest(3))
        #expect(swipe(to: 371, after: 300) == rest(2))   // exactly longSwipesMs is still short
    }

    @Test func longTouchesNeedTheRatio() {
        #expect(swipe(to: 500, after: 600) == rest(1))
        #expect(swipe(to: 540, after: 600) == rest(2))
        #expect(swipe(to: 526.5, after: 600) == rest(2))   // ratio 0.5
        #expect(swipe(to: 500, after: 301, v: 5) == rest(1))   // speed plays no part
        #expect(swipe(from: 2, to: 526.5, after: 600) == rest(1))
        #expect(swipe(to: 200, after: 600) == rest(1))
        #expect(swipe(to: 170, after: 600) == rest(0))
    }

    @Test func shortSwipesOffAndRewind() {
        #expect(swipe(#"{"shortSwipes":false}"#, to: 371, after: 150) == rest(1))
        #expect(swipe(from: 5, to: 1790, after: 150) == rest(5))
        #expect(swipe(#"{"rewind":true}"#, from: 5, to: 1790, after: 150) == rest(0))
        #expect(swipe(#"{"rewind":true}"#, from: 0, to: -30, after: 150) == rest(5))
    }

    @Test func freeMode() {
        #expect(swipe(#"{"freeMode":true}"#, to: 500, after: 400, v: 0.5) == "snap s=w index=2 x=750 mode=decelerate cause=release")
        #expect(swipe(#"{"freeMode":true}"#, to: 500, after: 400, v: 0.03) == "snap s=w index=1 x=500 mode=decelerate cause=release")
        #expect(swipe(#"{"freeMode":true,"sticky":true}"#, to: 500, after: 400, v: 0.5) == rest(3, "decelerate"))
        #expect(swipe(#"{"freeMode":true,"sticky":true}"#, to: 500, after: 400, v: -0.5) == rest(1, "decelerate"))
        #expect(swipe(#"{"freeMode":true,"sticky":true}"#, to: 500, after: 400, v: 0.03) == rest(1))
    }

    /// freeMode's velocity: the last two moves, none when they are more
    /// than 150 ms apart or the last is more than 300 ms before `end`.
    @Test func freeModeReadsTheLastTwoMoves() {
        var h = try! Harness(json: #"{"plugins":[{"name":"w","strategy":"swiper","options":{"freeMode":true}}]}"#)
        _ = h.send("open s=w \(Self.slides) index=1")
        _ = h.send("begin s=w x=351 t=0")
        _ = h.send("move s=w x=380 t=100")
        _ = h.send("move s=w x=400 t=140")
        // (400 - 380) / 40 = 0.5, halved 0.25: 250 on from 400 (v says 0).
        #expect(h.decide("end s=w x=400 v=0 t=150") == "snap s=w index=2 x=650 mode=decelerate cause=release")
        _ = h.send("begin s=w x=650 t=1000")
        _ = h.send("move s=w x=660 t=1010")
        _ = h.send("move s=w x=670 t=1020")
        // The last move 400 ms before end: no momentum, whatever v says.
        #expect(h.decide("end s=w x=670 v=2 t=1420") == "snap s=w index=2 x=670 mode=decelerate cause=release")
    }

    @Test func snapGridSteps() throws {
        var h = try Harness(json: #"{"plugins":[{"name":"w","strategy":"swiper","options":{"slidesPerGroup":2}}]}"#)
        _ = h.send("open s=w viewport=375 item=100 count=9 spacing=0 align=start")
        // Slides 0, 2, 4, 6, 8 at 0, 200, 400, 600, 800 clamped into M = 525, and M.
        #expect(h.connection.sessions["w"]?.layout.snaps.offsets == [0, 200, 400, 525])
        #expect(throws: (any Error).self) {
            try Harness(json: #"{"plugins":[{"name":"w","strategy":"swiper","options":{"slidesPerGroup":1.5}}]}"#)
        }
    }
}
