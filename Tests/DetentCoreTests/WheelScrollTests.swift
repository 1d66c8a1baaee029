#if canImport(Glibc)
import Glibc
#endif
import Testing
@testable import DetentCore

/// `wheel` and `scroll` under the generic rule (docs/strategies.md, "The
/// wheel and the touchpad"), through the dispatcher as a client sends them.
@Suite struct WheelScrollTests {
    static let pages = "open s=a plugin=paging viewport=400 item=400 count=5"

    @Test func aNotchStepsOnceAndTheLockKeepsTheRest() {
        var h = Harness()
        _ = h.send(Self.pages)
        #expect(h.send("wheel s=a dx=0 dy=1 t=1000")
            == "snap s=a index=1 x=400 mode=animate cause=wheel page=1 from=0 v=0 curve=spring omega=0.015707963267948967 ms=573")
        #expect(h.send("wheel s=a dx=0 dy=1 t=1050") == "kept s=a index=1")
        #expect(h.send("wheel s=a dx=0 dy=1 t=1149.5") == "kept s=a index=1")
        // 200 ms into the first spring: 400 + (-400 - 400 w 200) e^(-w 200), w = 2 pi / 400.
        let omega: Double = 2 * Double.pi / 400
        let b: Double = -400 - 400 * omega * 200
        let drawn: Double = 400 + b * exp(-omega * 200)
        #expect(h.send("wheel s=a dx=0 dy=1 t=1200")
            == "snap s=a index=2 x=800 mode=animate cause=wheel page=2 from=\(NumberFormat.string(drawn)) v=0 curve=spring omega=0.015707963267948967 ms=584")
    }

    @Test func theLockEndsAtWheelLockMs() {
        var h = Harness()
        _ = h.send(Self.pages)
        _ = h.send("wheel s=a dx=1 dy=0 t=0")
        #expect(h.send("wheel s=a dx=1 dy=0 t=149.9") == "kept s=a index=1")
        #expect(h.decide("wheel s=a dx=1 dy=0 t=299.9") == "snap s=a index=2 x=800 mode=animate cause=wheel page=2")
    }

    @Test func stepsGoFromTheCurrentTargetAndStopAtTheEnds() {
        var h = Harness()
        _ = h.send(Self.pages)
        #expect(h.send("wheel s=a dx=-1 dy=0 t=0") == "kept s=a index=0")
        for (k, t) in [(1, 0), (2, 150), (3, 300), (4, 450)] {
            #expect(h.decide("wheel s=a dx=1 dy=0 t=\(t + 10)") == "snap s=a index=\(k) x=\(k * 400) mode=animate cause=wheel page=\(k)")
        }
        #expect(h.send("wheel s=a dx=1 dy=0 t=700") == "kept s=a index=4")
        #expect(h.decide("wheel s=a dx=-1 dy=0 t=710") == "snap s=a index=3 x=1200 mode=animate cause=wheel page=3")
    }

    @Test func theOtherAxisCountsOnlyForAMouseWhoseOwnGaveNothing() {
        var h = Harness()
        _ = h.send(Self.pages)
        #expect(h.send("wheel s=a dx=0 dy=1 t=0 source=other") == "kept s=a index=0")
        #expect(h.send("wheel s=a dx=0 dy=0 t=1") == "kept s=a index=0")
        // DX wins over DY when both are there: back, so at the first page kept.
        #expect(h.send("wheel s=a dx=-1 dy=1 t=2") == "kept s=a index=0")
        #expect(h.decide("wheel s=a dx=1 dy=0 t=3 source=other") == "snap s=a index=1 x=400 mode=animate cause=wheel page=1")
        _ = h.send("open s=v plugin=paging viewport=400 item=400 count=5 axis=y")
        #expect(h.decide("wheel s=v dx=1 dy=0 t=0") == "snap s=v index=1 x=400 mode=animate cause=wheel page=1")
        #expect(h.send("wheel s=v dx=1 dy=0 t=200 source=other") == "kept s=v index=1")
    }

    @Test func partialNotchesAddUpAndAReversalStartsAfresh() {
        var h = Harness()
        _ = h.send(Self.pages)
        #expect(h.send("wheel s=a dx=0.5 dy=0 t=0") == "kept s=a index=0")
        #expect(h.send("wheel s=a dx=-0.25 dy=0 t=1") == "kept s=a index=0")
        #expect(h.send("wheel s=a dx=0.5 dy=0 t=2") == "kept s=a index=0")
        #expect(h.decide("wheel s=a dx=0.5 dy=0 t=3") == "snap s=a index=1 x=400 mode=animate cause=wheel page=1")
        // Three notches at once still move one snap.
        #expect(h.decide("wheel s=a dx=3 dy=0 t=200") == "snap s=a index=2 x=800 mode=animate cause=wheel page=2")
    }

    @Test func aWheelStartsAtTheClientsXAndWaitsForAFinger() {
        var h = Harness()
        _ = h.send(Self.pages)
        #expect(h.send("wheel s=a dx=1 dy=0 t=0 x=30")
            == "snap s=a index=1 x=400 mode=animate cause=wheel page=1 from=30 v=0 curve=spring omega=0.015707963267948967 ms=567")
        _ = h.send("begin s=a x=400 t=500")
        #expect(h.send("wheel s=a dx=1 dy=0 t=900") == "kept s=a index=1")
    }

    @Test func aTouchpadDragsAndReleasesAsAFinger() {
        var h = Harness()
        _ = h.send(Self.pages)
        _ = h.send("goto s=a index=2")
        #expect(h.send("scroll s=a dx=0 dy=0 t=2000 phase=begin") == "moved s=a x=800")
        for i in 0..<10 {
            #expect(h.send("scroll s=a dx=-20 dy=5 t=\(2010 + 10 * i)") == "moved s=a x=\(780 - 20 * i)")
        }
        // The end's deltas are not applied; v is the updates' -2 pt/ms.
        #expect(h.send("scroll s=a dx=-300 dy=0 t=2110 phase=end")
            == "snap s=a index=1 x=400 mode=decelerate cause=scroll page=1 from=600 v=-2 curve=decay rate=0.9900498337491681 ms=600")
    }

    @Test func aTouchpadPastTheEndIsRubberBanded() {
        var h = Harness()
        _ = h.send(Self.pages)
        _ = h.send("scroll s=a dx=0 dy=0 t=0 phase=begin")
        // 100 past 0 on a 400 viewport, c = 0.55: (1 - 1 / (100 * 0.55 / 400 + 1)) * 400.
        let band: Double = (1 - 1 / (100 * 0.55 / 400 + 1)) * 400
        #expect(h.send("scroll s=a dx=-100 dy=0 t=10") == "moved s=a x=\(NumberFormat.string(-band))")
        #expect(h.decide("scroll s=a dx=0 dy=0 t=500 phase=end") == "snap s=a index=0 x=0 mode=decelerate cause=scroll page=0")
    }

    @Test func doubledPhasesAreAnsweredAgain() {
        var h = Harness()
        _ = h.send(Self.pages)
        #expect(h.send("scroll s=a dx=0 dy=0 t=5 phase=begin") == "moved s=a x=0")
        #expect(h.send("scroll s=a dx=0 dy=0 t=5 phase=begin") == "moved s=a x=0")
        _ = h.send("scroll s=a dx=150 dy=0 t=20")
        let end = h.send("scroll s=a dx=0 dy=0 t=40 phase=end")
        #expect(end?.hasPrefix("snap s=a index=1 x=400") == true)
        #expect(h.send("scroll s=a dx=0 dy=0 t=40 phase=end") == end)
    }

    @Test func phasesOutOfOrderAndTimesBackwardsAreRefusedAndChangeNothing() {
        var h = Harness()
        _ = h.send(Self.pages)
        #expect(h.send("scroll s=a dx=1 dy=0 t=1")
            == #"error code=bad-value s=a msg="scroll: no touchpad gesture under way; its first event says phase=begin""#)
        #expect(h.send("scroll s=a dx=0 dy=0 t=1 phase=end")
            == #"error code=bad-value s=a msg="phase: end without a touchpad gesture under way""#)
        _ = h.send("scroll s=a dx=0 dy=0 t=10 phase=begin")
        _ = h.send("scroll s=a dx=40 dy=0 t=20")
        #expect(h.send("scroll s=a dx=0 dy=0 t=30 phase=begin")
            == #"error code=bad-value s=a msg="phase: begin while a touchpad gesture is under way; end it with phase=end first""#)
        #expect(h.send("scroll s=a dx=40 dy=0 t=19")
            == #"error code=bad-value s=a msg="t: 19 is before the previous wheel or scroll event's 20""#)
        #expect(h.send("scroll s=a dx=40 dy=0 t=30") == "moved s=a x=80")
        #expect(h.send("wheel s=a dy=1 t=40") == #"error code=missing-key s=a msg="dx: required by wheel""#)
        #expect(h.send("wheel s=a dx=1 dy=inf t=40")?.hasPrefix("error code=bad-value") == true)
        #expect(h.send("wheel s=a dx=1 dy=0 t=40 source=pen")?.hasPrefix("error code=bad-value") == true)
        #expect(h.send("scroll s=a dx=1 dy=0 t=40 phase=middle")?.hasPrefix("error code=bad-value") == true)
        // The gesture went on through the errors: a wheel now is held.
        #expect(h.send("wheel s=a dx=1 dy=0 t=50") == "kept s=a index=0")
    }

    @Test func aDragOrAGotoEndsATouchpadGesture() {
        var h = Harness()
        _ = h.send(Self.pages)
        _ = h.send("scroll s=a dx=0 dy=0 t=0 phase=begin")
        _ = h.send("goto s=a index=1")
        #expect(h.send("scroll s=a dx=1 dy=0 t=1")?.hasPrefix("error code=bad-value") == true)
        _ = h.send("scroll s=a dx=0 dy=0 t=2 phase=begin")
        _ = h.send("begin s=a x=400 t=3")
        #expect(h.send("scroll s=a dx=0 dy=0 t=4 phase=end")?.hasPrefix("error code=bad-value") == true)
    }

    @Test func theJSONEncodingSaysTheSame() {
        var h = Harness()
        _ = h.send(Self.pages)
        let snap = h.send(#"{"op":"wheel","s":"a","dx":0,"dy":1,"t":0,"id":7}"#) ?? ""
        #expect(snap.hasPrefix(#"{"op":"snap","#) && snap.contains(#""id":7"#) && snap.contains(#""index":1,"x":400,"mode":"animate","cause":"wheel""#))
        #expect(h.send(#"{"op":"wheel","s":"a","dx":0,"dy":1,"t":10,"source":"mouse"}"#) == #"{"op":"kept","s":"a","index":1}"#)
        #expect(h.send(#"{"op":"scroll","s":"a","dx":0,"dy":0,"t":2000,"phase":"begin"}"#) == #"{"op":"moved","s":"a","x":400}"#)
    }

    /// A loop steps around its seam: a notch during a motion toward a
    /// duplicate counts from the real snap, drawn a period on.
    @Test func aLoopStepsOnAroundItsSeam() {
        var h = Harness()
        _ = h.send("open s=a plugin=carousel viewport=300 item=300 count=3 loop=1")
        _ = h.send("autoplay s=a every=0")
        let forward = (0..<7).map { h.decide("wheel s=a dx=1 dy=0 t=\(1000 + 200 * $0)") ?? "" }
        #expect(forward.map { $0.split(separator: " ")[2] } == ["index=1", "index=2", "index=0", "index=1", "index=2", "index=0", "index=1"])
        let back = (0..<4).map { h.decide("wheel s=a dx=-1 dy=0 t=\(3000 + 200 * $0)") ?? "" }
        #expect(back.map { $0.split(separator: " ")[2] } == ["index=0", "index=2", "index=1", "index=0"])
    }

    /// Hostile deltas and times: every engine answers, the daemon lives.
    @Test func hugeDeltasAndTimesAreAnswered() {
        for plugin in ["paging", "carousel", "adwaita", "qt-swipeview"] {
            var h = Harness()
            _ = h.send("open s=a plugin=\(plugin) viewport=300 item=300 count=5 index=2")
            for line in ["wheel s=a dx=1e17 dy=0 t=1000", "wheel s=a dx=-1e308 dy=1e308 t=1e300",
                         "scroll s=a dx=1e19 dy=0 t=1e300 phase=begin", "scroll s=a dx=0 dy=1e300 t=1e300",
                         "scroll s=a dx=1e308 dy=0 t=1.5e300", "scroll s=a dx=1e308 dy=0 t=1.6e300",
                         "scroll s=a dx=-1e308 dy=0 t=1.7e300", "scroll s=a dx=0 dy=0 t=1.8e300 phase=end"] {
                let reply = h.send(line) ?? ""
                #expect(["snap ", "kept ", "moved "].contains { reply.hasPrefix($0) } && !reply.contains("nan") && !reply.contains("inf"),
                        "\(plugin): \(line) -> \(reply)")
            }
        }
    }

    /// A refused gesture's end answers the engine's decision of no length
    /// (adwaita: AdwCarousel's spring to the page it rests on, which emits
    /// page-changed; AdwaitaScrollTests), and its doubled end the same; a
    /// hold's end (nothing delivered) is kept, doubled too; a touchpad
    /// begun during a drag takes over from it (adwaita follows both).
    @Test func aRefusedEndTwiceAndATouchpadOverADrag() {
        var h = Harness()
        _ = h.send("open s=b plugin=adwaita viewport=300 item=300 count=3")
        _ = h.send("scroll s=b dx=-10 dy=0 t=1 phase=begin")
        _ = h.send("scroll s=b dx=-10 dy=0 t=1")
        let refused = "snap s=b index=0 x=0 mode=animate cause=scroll from=0 v=0 curve=spring omega=0.03162277660168379 ms=0"
        #expect(h.send("scroll s=b dx=0 dy=0 t=5 phase=end") == refused)
        #expect(h.send("scroll s=b dx=0 dy=0 t=5 phase=end") == refused)
        _ = h.send("scroll s=b dx=0 dy=0 t=6 phase=begin")
        #expect(h.send("scroll s=b dx=0 dy=0 t=7 phase=end") == "kept s=b index=0")
        #expect(h.send("scroll s=b dx=0 dy=0 t=7 phase=end") == "kept s=b index=0")
        _ = h.send("begin s=b x=0 t=10")
        _ = h.send("move s=b x=30 t=20")
        #expect(h.send("scroll s=b dx=0 dy=0 t=30 phase=begin") == "moved s=b x=0")
        #expect(h.send("scroll s=b dx=20 dy=0 t=40") == "moved s=b x=15")
        #expect(h.decide("scroll s=b dx=0 dy=0 t=50 phase=end")?.hasPrefix("snap s=b index=") == true)
        // The drag ended with the touchpad's begin: its end is a fresh release, not a second one of it.
        #expect(h.send("end s=b x=60 t=60")?.contains("cause=release") == true)
    }
}
