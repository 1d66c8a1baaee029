import Testing
@testable import DetentCore
import DetentTestSupport

/// `css-snap` where a programmatic scroll (the main thread's) meets a
/// wheel's or touchpad's animation (the compositor's), from the replay of
/// Tests/CssSnap's recordings: who takes over, and when.
@Suite struct CssSnapTakeoverTests {
    static let pages = CssSnapStrategyTests.pages
    static let stops = CssSnapStrategyTests.stops

    static func fields(_ reply: String?) -> [String: String] {
        Dictionary((reply ?? "").split(separator: " ").dropFirst().compactMap { part -> (String, String)? in
            let kv = part.split(separator: "=", maxSplits: 1)
            return kv.count == 2 ? (String(kv[0]), String(kv[1])) : nil
        }, uniquingKeysWith: { a, _ in a })
    }

    /// A key 60 ms into a precise wheel's snap: the snap stops where it is
    /// and the key's curve starts from there a frame and a half later
    /// (4 of 4 recordings agree so, none with the curve at the key).
    @Test func aKeyDuringAPreciseSnapStartsAFrameAndAHalfLate() {
        var h = CssSnapStrategyTests.harness()
        _ = h.send(Self.pages)
        _ = h.send("scroll s=p dx=40 dy=0 t=0 phase=begin")
        _ = h.send("scroll s=p dx=40 dy=0 t=0")
        #expect(h.decide("scroll s=p dx=0 dy=0 t=0 phase=end") == "snap s=p index=0 x=0 mode=animate cause=scroll")
        let here = Motion.bezier(from: 40, to: 0, .easeInOut, span: 200).position(at: 60)
        let start = CssSnapTakeover.startMs
        let n = NumberFormat.string
        let reply = h.send("step s=p to=next t=60")
        #expect(reply == "snap s=p index=1 x=300 mode=animate cause=step from=\(n(here)) v=0 curve=path "
            + "path=0/\(n(start))/\(n(here))/\(n(here))/0.42/0/0.58/1,"
            + "\(n(start))/\(n(CssSnapDuration.deltaBased(300 - here)))/\(n(here))/300/0.4/0/0/1 "
            + "ms=\(Int((start + CssSnapDuration.deltaBased(300 - here)).rounded(.up)))")
    }

    /// A precise scroll that begins during a key's animation is dropped
    /// (FACTS.md, 4 of 4): `moved` where the key's curve is, and at its end
    /// the rest of that curve; kept once the curve is over.
    @Test func aPreciseScrollDuringAKeyIsDropped() throws {
        var h = CssSnapStrategyTests.harness()
        _ = h.send(Self.pages)
        #expect(h.decide("step s=p to=next t=0") == "snap s=p index=1 x=300 mode=animate cause=step")
        let key = Motion.bezier(from: 0, to: 300, .programmatic, span: CssSnapStrategyTests.span300)
        let n = NumberFormat.string
        #expect(h.send("scroll s=p dx=40 dy=0 t=100 phase=begin") == "moved s=p x=\(n(key.position(at: 100)))")
        #expect(h.send("scroll s=p dx=40 dy=0 t=116") == "moved s=p x=\(n(key.position(at: 116)))")
        // The key's own curve, its clock 132 ms on: the reply's path starts before 0.
        #expect(h.send("scroll s=p dx=0 dy=0 t=132 phase=end")
            == "snap s=p index=1 x=300 mode=animate cause=scroll from=\(n(key.position(at: 132))) v=0 curve=path "
            + "path=-132/\(key.duration)/0/300/0.4/0/0/1 ms=\(key.duration - 132)")
        // Ended 5 ms into the key: the same curve (no cut of it, whose
        // control points would leave [0, 1]).
        _ = h.send("step s=p to=next t=1000")
        _ = h.send("scroll s=p dx=40 dy=0 t=1002 phase=begin")
        #expect(h.send("scroll s=p dx=0 dy=0 t=1005 phase=end")?.hasSuffix(
            "curve=path path=-5/\(key.duration)/300/600/0.4/0/0/1 ms=\(key.duration - 5)") == true)
        // Ended after the key's curve: a decision of no length where it rests.
        _ = h.send("step s=p to=next t=2000")
        _ = h.send("scroll s=p dx=40 dy=0 t=2100 phase=begin")
        #expect(h.send("scroll s=p dx=0 dy=0 t=2400 phase=end")
            == "snap s=p index=3 x=900 mode=animate cause=scroll from=900 v=0 curve=path path=0/0/900/900/0.4/0/0/1 ms=0")
    }

    /// A key back during a key that took over a precise snap turns at once
    /// (the main thread's own), and a notch then starts a path of its own
    /// from where the content is.
    @Test func aKeyAfterATakeoverIsTheMainThreadsOwn() {
        var h = CssSnapStrategyTests.harness()
        _ = h.send(Self.pages)
        _ = h.send("scroll s=p dx=40 dy=0 t=0 phase=begin")
        _ = h.send("scroll s=p dx=40 dy=0 t=0")
        _ = h.send("scroll s=p dx=0 dy=0 t=0 phase=end")
        let first = Self.fields(h.send("step s=p to=next t=60"))
        #expect(first["curve"] == "path" && first["x"] == "300")
        let second = Self.fields(h.send("step s=p to=prev t=200"))
        #expect(second["curve"] == "bezier" && second["x"] == "0", "\(second)")
        let notch = Self.fields(h.send("wheel s=p dx=1 dy=0 t=300"))
        let firstSegment = notch["path"]?.split(separator: ",").first?.split(separator: "/").compactMap { Double($0) } ?? []
        #expect(notch["curve"] == "path" && firstSegment.count == 8 && firstSegment[2] == Double(notch["from"] ?? ""),
                "\(notch)")
    }

    /// A key chooses from the main thread's offset: a frame behind the drawn
    /// one while a motion runs, in whole pixels down. `stops` "ArrowRight
    /// then ArrowRight 200ms": the second key, with the content drawn 0.015
    /// px short of 150, stays at 150 as Chromium did.
    @Test func aKeyChoosesFromTheMainThreadsWholePixels() {
        var h = CssSnapStrategyTests.harness()
        _ = h.send(Self.stops)
        #expect(h.decide("step s=s to=next t=0") == "snap s=s index=1 x=150 mode=animate cause=step")
        #expect(h.send("step s=s to=next t=200.5") == "kept s=s index=1")
        #expect(h.decide("step s=s to=next t=400") == "snap s=s index=2 x=300 mode=animate cause=step")
    }
}
