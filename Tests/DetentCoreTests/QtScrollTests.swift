import Testing
@testable import DetentCore

/// docs/strategies.md, `qt-swipeview`, "The wheel and the touchpad": Qt
/// 6.4.2's `QQuickFlickable::wheelEvent` into the ListView's flick and fixup,
/// through a real `Session`. Numbers worked from the C++ (W = 400, P = W + s):
/// a notch from rest lasts 120 / √(1500 × 2 × 72) = 0.2581988897 s, so its
/// sample is ±464.758 px/s; a flick runs at v0 = 4W = 1600 px/s over D to the
/// page, a = v0² / 2D, stop = int(1000 v0 / a), then 200 ms of fixup.
@Suite struct QtScrollTests {
    /// A view that has moved (`moved`: `QtPlacedTests` has the views put on their pages).
    static func session(index: Int, spacing: Double = 0, count: Int = 6, moved: Bool = true) throws -> Session {
        var spec = GeometrySpec()
        spec.viewport = 400
        spec.item = 400
        spec.count = count
        spec.spacing = spacing
        spec.index = Double(index)
        return try Session(plugin: Plugin(name: "q", strategy: QtSwipeViewStrategy(options: .init())), geometry: spec, maxItems: 100,
                           moved: moved)
    }

    /// A wheel event's answer: `kept I`, or `I from→to v stop ms`.
    static func wheel(_ s: inout Session, dx: Double, dy: Double = 0, t: Double) throws -> String {
        switch try s.wheel(ScrollInput(dx: dx, dy: dy, t: t), x: nil) {
        case .kept(let index): return "kept \(index)"
        case .decision(let d): return describe(d)
        }
    }

    static func describe(_ d: Decision) -> String {
        let m = d.motion
        let curve: String
        switch m.curve {
        case .brake(let accel, let stop, let aim): curve = "brake \(accel) stop=\(stop)" + (aim > 0 ? " aim=\(aim)" : "")
        case .ease: curve = "ease"
        default: curve = "other"
        }
        return "\(d.index) \(NumberFormat.string(m.from))→\(NumberFormat.string(d.x)) v=\(NumberFormat.string(m.v)) \(curve) ms=\(m.duration) \(d.cause)"
    }

    /// A touchpad gesture as Qt delivers it (begin and end doubled): the
    /// `moved` answers, then the end's decision.
    static func swipe(_ s: inout Session, begin t0: Double, _ updates: [(dx: Double, t: Double)], end t1: Double, dy: Double = 0) throws -> ([Double], String) {
        var moved: [Double] = []
        for _ in 0..<2 {
            if case .moved(let x) = try s.scroll(ScrollInput(dx: 0, dy: 0, t: t0), phase: .begin, x: nil) { moved.append(x) }
        }
        for u in updates {
            if case .moved(let x) = try s.scroll(ScrollInput(dx: u.dx, dy: dy, t: u.t), phase: nil, x: nil) { moved.append(x) }
        }
        var end = ""
        for _ in 0..<2 {
            if case .decision(let d) = try s.scroll(ScrollInput(dx: 0, dy: 0, t: t1), phase: .end, x: nil) { end = describe(d) }
        }
        return (moved, end)
    }

    /// From rest, a notch either way whatever its size: look W/2 + 1 past
    /// the content; forward with s = 0 (look 1001 in page 3's (1000, 1400])
    /// and s = 1 (1003 > 1002.5) the next page, D = P: a = 2560000 / 2P
    /// (3200; 3192.02), stop 500 and int(501.25) = 501. With s ≥ 2 the look
    /// stays in the page (1005 ≤ 804 + 201): kept.
    @Test func forwardFromRest() throws {
        var s0 = try Self.session(index: 2)
        #expect(try Self.wheel(&s0, dx: 3, t: 100) == "3 800→1200 v=1.6 brake 0.0032 stop=500 ms=700 wheel")
        var s1 = try Self.session(index: 2, spacing: 1)
        #expect(try Self.wheel(&s1, dx: 1, t: 100) == "3 802→1203 v=1.6 brake 0.0031920199501246885 stop=501 ms=701 wheel")
        for spacing in [2.0, 8] {
            var s = try Self.session(index: 2, spacing: spacing)
            #expect(try Self.wheel(&s, dx: 1, t: 100) == "kept 2")
        }
    }

    /// Back from rest, a view that has moved: the page holding c − (W/2 +
    /// 1) over every page, its neighbours having delegates (the recordings,
    /// Tests/Qt: w400-s1 and w400-s2 `goto-back` flick to page 1, w350-s8
    /// and w300-s24 do nothing). s = 1: look 601 lies in page 1's
    /// (200.5, 601.5]: D = 401, a = 1600² / 802, stop = int(501.25);
    /// s = 2: look 603 is page 1's upper bound: D = 402, stop 502; s = 8:
    /// look 615 lies in page 2's (612, 1020]: kept.
    @Test func backFromRest() throws {
        var s0 = try Self.session(index: 2)
        #expect(try Self.wheel(&s0, dx: -1, t: 100) == "1 800→400 v=-1.6 brake 0.0032 stop=500 ms=700 wheel")
        var s1 = try Self.session(index: 2, spacing: 1)
        #expect(try Self.wheel(&s1, dx: -1, t: 100) == "1 802→401 v=-1.6 brake 0.0031920199501246885 stop=501 ms=701 wheel")
        var s2 = try Self.session(index: 2, spacing: 2)
        #expect(try Self.wheel(&s2, dx: -1, t: 100) == "1 804→402 v=-1.6 brake 0.00318407960199005 stop=502 ms=702 wheel")
        var s8 = try Self.session(index: 2, spacing: 8)
        #expect(try Self.wheel(&s8, dx: -1, t: 100) == "kept 2")
        // s = 2, at 402 after the first flick: look 201 is page 0's upper bound.
        #expect(try Self.wheel(&s2, dx: -1, t: 1000) == "0 402→0 v=-1.6 brake 0.00318407960199005 stop=502 ms=702 wheel")
    }

    /// While a flick runs, in its deceleration and in its fixup, nothing
    /// changes; once its 700 ms are over the next notch flicks again. At the
    /// bounds and on the other axis: kept.
    @Test func flickingBoundsAndOtherAxis() throws {
        var s = try Self.session(index: 2)
        #expect(try Self.wheel(&s, dx: 1, t: 0) == "3 800→1200 v=1.6 brake 0.0032 stop=500 ms=700 wheel")
        #expect(try Self.wheel(&s, dx: 1, t: 100) == "kept 3")
        #expect(try Self.wheel(&s, dx: -1, t: 200) == "kept 3")
        #expect(try Self.wheel(&s, dx: 1, t: 600) == "kept 3")
        // The samples: −464.758, −1200 (120 / 0.1 s), then +1200 (reversed:
        // alone), −300 (reversed: alone); at 700 the flick is over and the
        // mean of −300 and −464.758 goes forward.
        #expect(try Self.wheel(&s, dx: 1, t: 700) == "4 1200→1600 v=1.6 brake 0.0032 stop=500 ms=700 wheel")
        // Two notches in one ms: the second is dropped whatever it says.
        #expect(try Self.wheel(&s, dx: -1, t: 700) == "kept 4")
        var first = try Self.session(index: 0)
        #expect(try Self.wheel(&first, dx: -1, t: 0) == "kept 0")
        var last = try Self.session(index: 5)
        #expect(try Self.wheel(&last, dx: 1, t: 0) == "kept 5")
        var across = try Self.session(index: 2)
        #expect(try Self.wheel(&across, dx: 0, dy: 1, t: 0) == "kept 2")
    }

    /// From rest: begin at 1000 (doubled), the update carrying 1000 dropped;
    /// at 1010 (−30 px in Qt's sign, 30 / 0.01 s capped to −1600) it arms;
    /// at 1020 `dragStartOffset` = −60, drawn 800; then it follows: 830, 860.
    /// The end snaps to the page under 860 (2: ≤ 1000) over 200 ms. The
    /// samples stay: a back notch at 2000 (+464.758, the mean 0 not
    /// reversed) averages (−1600 − 1600 + 464.758) / 3 = −911.7: forward.
    /// The next back notch reverses that mean: the samples restart, back.
    @Test func swipeThenNotchesAgainstIt() throws {
        var s = try Self.session(index: 2)
        let (moved, end) = try Self.swipe(&s, begin: 1000, [(30, 1000), (30, 1010), (30, 1020), (30, 1030), (30, 1040)], end: 1050)
        #expect(moved == [800, 800, 800, 800, 800, 830, 860])
        #expect(end == "2 860→800 v=0 ease ms=200 scroll")
        #expect(try Self.wheel(&s, dx: -1, t: 2000) == "3 800→1200 v=1.6 brake 0.0032 stop=500 ms=700 wheel")
        #expect(try Self.wheel(&s, dx: -1, t: 3000) == "2 1200→800 v=-1.6 brake 0.0032 stop=500 ms=700 wheel")
    }

    /// An update in the ms of the one before is dropped, its delta lost:
    /// arm at 10, the start offset at 20 (−20), 20 again dropped, then 30:
    /// −30 + 20 → 810.
    @Test func sameMillisecondDropped() throws {
        var s = try Self.session(index: 2)
        let (moved, _) = try Self.swipe(&s, begin: 0, [(10, 0), (10, 10), (10, 20), (50, 20), (10, 30)], end: 40)
        #expect(moved == [800, 800, 800, 800, 800, 800, 810])
    }

    /// A swipe begun while a notch's flick decelerates stops it where it is
    /// drawn (800 + 1.6 × 100 − 0.0032 × 100² / 2 = 944); the view has moved,
    /// so no start offset: the update at 120 jumps by all 40 px.
    @Test func swipeDuringFlickJumps() throws {
        var s = try Self.session(index: 2)
        _ = try Self.wheel(&s, dx: 1, t: 0)
        let (moved, end) = try Self.swipe(&s, begin: 100, [(20, 100), (20, 110), (20, 120)], end: 130)
        #expect(moved == [944, 944, 944, 944, 984])
        #expect(end == "2 984→800 v=0 ease ms=200 scroll")
    }

    /// In the fixup (s = 0, back from page 2: braked to 400 at 500, eased
    /// (from 400 to 400) until 700): Qt's first ScrollBegin leaves a fixup
    /// running but clears `fixingUp`; its doubled ScrollBegin stops it:
    /// held at 400, and the update at 620 jumps by all 10 px.
    @Test func swipeDuringFixupStopsItToo() throws {
        var s = try Self.session(index: 2)
        _ = try Self.wheel(&s, dx: -1, t: 0)
        let (moved, end) = try Self.swipe(&s, begin: 600, [(-5, 610), (-5, 620)], end: 630)
        #expect(moved == [400, 400, 400, 390])
        #expect(end == "1 390→400 v=0 ease ms=200 scroll")
    }

    /// The end: no fling, the page under the content; exactly half way is
    /// the lower page from either side (1000 from page 2 stays, from page 3
    /// goes to 2; 1020 with s = 8 is page 2's upper bound), 1001 is page 3.
    /// At the first page outward it is rejected: nothing moves, `ms=0`.
    @Test func endToTheNearestPage() throws {
        func run(index: Int, spacing: Double = 0, _ dx: [Double]) throws -> String {
            var s = try Self.session(index: index, spacing: spacing)
            let updates = dx.enumerated().map { (dx: $0.element, t: Double($0.offset + 1) * 10) }
            return try Self.swipe(&s, begin: 0, updates, end: 100).1
        }
        #expect(try run(index: 2, [50, 50, 200]) == "2 1000→800 v=0 ease ms=200 scroll")
        #expect(try run(index: 3, [-50, -50, -200]) == "2 1000→800 v=0 ease ms=200 scroll")
        #expect(try run(index: 2, [50, 50, 201]) == "3 1001→1200 v=0 ease ms=200 scroll")
        #expect(try run(index: 2, spacing: 8, [50, 50, 204]) == "2 1020→816 v=0 ease ms=200 scroll")
        #expect(try run(index: 0, [-30, -30, -30]) == "0 0→0 v=0 ease ms=0 scroll")
        // Mostly across the view's axis: never dragged.
        var s = try Self.session(index: 2)
        #expect(try Self.swipe(&s, begin: 0, [(0, 10), (0, 20), (0, 30)], end: 40, dy: 40).0 == [800, 800, 800, 800, 800])
    }

    /// The same through text lines and replies.
    @Test func throughTheDispatcher() throws {
        var h = try Harness(json: #"{"plugins":[{"name":"q","strategy":"qt-swipeview"}]}"#)
        _ = h.send("open s=q viewport=400 item=400 count=6 spacing=8 index=2 moved=1")
        #expect(h.send("wheel s=q dx=1 dy=0 t=100") == "kept s=q index=2")
        #expect(h.send("wheel s=q dx=-1 dy=0 t=200") == "kept s=q index=2")
        _ = h.send("open s=r viewport=400 item=400 count=6 index=2")
        #expect(h.send("wheel s=r dx=-1 dy=0 t=300")
                == "snap s=r index=1 x=400 mode=decelerate cause=wheel from=800 v=-1.6 curve=brake accel=0.0032 stop=500 ms=700")
        #expect(h.send("wheel s=r dx=-1 dy=0 t=400") == "kept s=r index=1")
    }
}
