import Testing
@testable import DetentCore

/// docs/strategies.md, `adwaita`, "Wheel and touchpad": libadwaita 1.2.2's
/// `AdwCarousel` wheel (`scroll_cb`) and `AdwSwipeTracker` touchpad
/// (`handle_scroll_event`), through the dispatcher as a client sends them.
/// The numbers come from a model of the C source worked in Python (not
/// from this code): the spring is `to + e^(-wt)(x0 + (w x0 + v0)t)`, `w =
/// sqrt(1000)` per second, its ms the first within 0.001 page.
@Suite struct AdwaitaScrollTests {
    /// D = 400 (the drag tests' pages) and D = 300 (touchpad pages of 400
    /// points are then 4/3 of a page).
    static let six = "viewport=400 item=400 count=6"
    static let five = "viewport=300 item=300 count=5"

    func adwaita(_ options: String = "{}", geometry: String = six, index: Int = 0) -> Harness {
        var h = try! Harness(json: #"{"plugins":[{"name":"a","strategy":"adwaita","options":\#(options)}]}"#)
        #expect(h.send("open s=a \(geometry) index=\(index)")?.hasPrefix("opened s=a plugin=a index=\(index)") == true)
        return h
    }

    func fields(_ reply: String?) -> [String: String] {
        var fields: [String: String] = [:]
        for part in (reply ?? "").split(separator: " ").dropFirst() {
            let kv = part.split(separator: "=", maxSplits: 1)
            if kv.count == 2 { fields[String(kv[0])] = String(kv[1]) }
        }
        fields["op"] = reply?.split(separator: " ").first.map(String.init)
        return fields
    }

    /// A `snap` reply with the carousel's spring.
    func expectSnap(_ reply: String?, index: Int, x: Double, cause: String, from: Double, v: Double, ms: Int,
                    sourceLocation: SourceLocation = #_sourceLocation) {
        let f = fields(reply)
        #expect(f["op"] == "snap" && f["index"] == String(index) && Double(f["x"] ?? "") == x && f["cause"] == cause,
                "\(reply ?? "no reply")", sourceLocation: sourceLocation)
        #expect(abs((Double(f["from"] ?? "") ?? .nan) - from) < 1e-9, "from in \(reply ?? "")", sourceLocation: sourceLocation)
        #expect(abs((Double(f["v"] ?? "") ?? .nan) - v) < 1e-9, "v in \(reply ?? "")", sourceLocation: sourceLocation)
        #expect(f["ms"] == String(ms) && f["curve"] == "spring" && f["mode"] == "animate", "\(reply ?? "")", sourceLocation: sourceLocation)
    }

    /// The `x` of a `moved` reply.
    func moved(_ reply: String?) -> Double {
        let f = fields(reply)
        return f["op"] == "moved" ? Double(f["x"] ?? "") ?? .nan : .nan
    }

    // MARK: The wheel

    /// From rest: page 0 + 1, the spring from 0 at v = 0 (292 ms to within
    /// 0.001 page). 150 ms in it is drawn at 0.94998 page (379.9926): the
    /// next click counts from page 1, the nearest, and the spring starts
    /// again from there at rest (294 ms to page 2).
    @Test func aClickGoesToTheNextPageAndTheNextFromWhereItIsDrawn() {
        var h = adwaita()
        expectSnap(h.send("wheel s=a dx=0 dy=1 t=1000"), index: 1, x: 400, cause: "wheel", from: 0, v: 0, ms: 292)
        expectSnap(h.send("wheel s=a dx=0 dy=1 t=1150"), index: 2, x: 800, cause: "wheel", from: 379.99259815208745, v: 0, ms: 294)
        // Only the sign counts: 3 notches are one page.
        expectSnap(h.send("wheel s=a dx=0 dy=-3 t=2000"), index: 1, x: 400, cause: "wheel", from: 800, v: 0, ms: 292)
    }

    /// A drag's release at t = 63 springs from 175 to page 1 (`AdwaitaStrategyTests`).
    /// 10 ms in, it is drawn at 194.99316558244016 (0.4875 page): nearest
    /// page 0, so a click forward goes to page 1 (not 2, the generic rule's
    /// target + 1) in 269 ms, and one back to page 0 (clamped) in 267.
    @Test func aClickDuringASpringCountsFromThePageNearestTheDrawnPosition() {
        for (dy, index, ms) in [(1, 1, 269), (-1, 0, 267)] {
            var h = adwaita()
            _ = h.send("begin s=a x=0 t=0")
            for (x, t) in [(58, 16), (116, 31), (175, 47), (233, 63)] { _ = h.send("move s=a x=\(x) t=\(t)") }
            #expect(h.send("end s=a x=233 t=63")?.hasPrefix("snap s=a index=1 x=400") == true)
            expectSnap(h.send("wheel s=a dx=0 dy=\(dy) t=73"), index: index, x: Double(index) * 400, cause: "wheel",
                       from: 194.99316558244016, v: 0, ms: ms)
        }
    }

    /// The lock: 150 ms from the accepted click, clicks are kept (39 and
    /// 149 ms on); 150 ms on it is gone. Through the session itself.
    @Test func clicksWithin150msOfTheAcceptedOneAreKept() throws {
        var spec = GeometrySpec()
        spec.viewport = 400; spec.item = 400; spec.count = 6
        let plugin = Plugin(name: "a", strategy: AdwaitaStrategy(options: .init()))
        for (late, kept) in [(39.0, true), (149, true), (150, false), (151, false)] {
            var session = try Session(plugin: plugin, geometry: spec, maxItems: 100)
            guard case .decision(let first) = try session.wheel(ScrollInput(dx: 0, dy: 1, t: 1000), x: nil) else {
                Issue.record("the first click was kept"); continue
            }
            #expect(first.index == 1 && first.cause == .wheel && first.motion.duration == 292)
            let answer = try session.wheel(ScrollInput(dx: 0, dy: 1, t: 1000 + late), x: nil)
            if kept {
                #expect(answer == .kept(index: 1), "\(late) ms")
            } else if case .decision(let second) = answer {
                #expect(second.index == 2 && second.motion.v == 0 && second.motion.from > 379 && second.motion.from < 381, "\(late) ms")
            } else {
                Issue.record("a click \(late) ms on was kept")
            }
        }
    }

    /// Outward at an end page the click is accepted all the same: the
    /// carousel's `scroll_to` the page it rests on, an animation of no
    /// length whose end emits page-changed. Measured on the real AdwCarousel
    /// 1.2.2 under Xvfb (clients/gtk/tests/adw-measure on branch gtk,
    /// Tests/Adwaita/record-scroll): one `position` at the page in the next
    /// frame, then `page-changed` 0-14 ms after the click; an inward click
    /// 60 ms on does nothing (the lock), 200 ms on it pages. So: a decision
    /// that moves nothing, `from` = `x` = the page, `ms=0`, and the lock
    /// started; the lock's clicks are `kept` (there the widget emits nothing).
    @Test func anOutwardClickAtAnEndIsADecisionOfNoLengthAndStartsTheLock() {
        let spring = "mode=animate cause=wheel from=0 v=0 curve=spring omega=0.03162277660168379 ms=0"
        var first = adwaita()
        #expect(first.send("wheel s=a dx=0 dy=-1 t=0") == "snap s=a index=0 x=0 \(spring)")
        #expect(first.send("wheel s=a dx=0 dy=1 t=40") == "kept s=a index=0")
        #expect(first.send("wheel s=a dx=0 dy=1 t=120") == "kept s=a index=0")
        expectSnap(first.send("wheel s=a dx=0 dy=1 t=150"), index: 1, x: 400, cause: "wheel", from: 0, v: 0, ms: 292)
        var last = adwaita(index: 5)
        #expect(last.send("wheel s=a dx=0 dy=1 t=0")
                == "snap s=a index=5 x=2000 mode=animate cause=wheel from=2000 v=0 curve=spring omega=0.03162277660168379 ms=0")
        #expect(last.send("wheel s=a dx=0 dy=-1 t=100") == "kept s=a index=5")
        // Clicked outward again once the lock is over: another such decision.
        #expect(last.send("wheel s=a dx=1 dy=0 t=150 x=2000")?.hasSuffix("from=2000 v=0 curve=spring omega=0.03162277660168379 ms=0") == true)
        expectSnap(last.send("wheel s=a dx=0 dy=-1 t=300"), index: 4, x: 1600, cause: "wheel", from: 2000, v: 0, ms: 292)
        // Still springing to page 0 (400 to 0 from t=0; at t=160 drawn at
        // 15.386), an outward click restarts the spring there at rest: 175 ms.
        var springing = adwaita(index: 1)
        expectSnap(springing.send("wheel s=a dx=0 dy=-1 t=0"), index: 0, x: 0, cause: "wheel", from: 400, v: 0, ms: 292)
        expectSnap(springing.send("wheel s=a dx=0 dy=-1 t=160"), index: 0, x: 0, cause: "wheel", from: 15.38620587488933, v: 0, ms: 175)
    }

    /// Through the session: the zero-length decision's motion is exactly
    /// the page, at every t (a client draws `x` at once, t >= ms = 0), and
    /// the next click counts from rest there.
    @Test func theOutwardClicksMotionIsThePageAtOnce() throws {
        var spec = GeometrySpec()
        spec.viewport = 400; spec.item = 400; spec.spacing = 24; spec.count = 6; spec.index = 5
        let plugin = Plugin(name: "a", strategy: AdwaitaStrategy(options: .init()))
        var session = try Session(plugin: plugin, geometry: spec, maxItems: 100)
        guard case .decision(let d) = try session.wheel(ScrollInput(dx: 1, dy: 0, t: 1000), x: nil) else {
            Issue.record("an outward click at the last page was kept"); return
        }
        #expect(d.index == 5 && d.x == 2120 && d.cause == .wheel && d.mode == .animate)
        #expect(d.motion == Motion(from: 2120, to: 2120, v: 0, curve: .spring(omega: AdwaitaSpring.omega), duration: 0))
        #expect([0.0, 1, 16.7, 1000].allSatisfy { d.motion.position(at: $0) == 2120 })
        #expect(AdwaitaSpring.duration(from: 5, to: 5, velocity: 0) == 0)
        #expect(try session.wheel(ScrollInput(dx: 0, dy: -1, t: 1149), x: nil) == .kept(index: 5))
        guard case .decision(let back) = try session.wheel(ScrollInput(dx: 0, dy: -1, t: 1150), x: nil) else {
            Issue.record("the click after the lock was kept"); return
        }
        #expect(back.index == 4 && back.motion.from == 2120 && back.motion.duration == 292)
    }

    /// A horizontal carousel reads a mouse's dy first, dx only when dy
    /// gives nothing; another source's dy never. A vertical one reads dy only.
    @Test func theOtherAxisCountsForAMouseOnly() {
        var h = adwaita(index: 2)
        expectSnap(h.send("wheel s=a dx=1 dy=-1 t=0 source=mouse"), index: 1, x: 400, cause: "wheel", from: 800, v: 0, ms: 292)
        var other = adwaita(index: 2)
        #expect(other.send("wheel s=a dx=0 dy=1 t=0 source=other") == "kept s=a index=2")
        // Not accepted, so no lock: 10 ms on, dx counts (dy ignored).
        expectSnap(other.send("wheel s=a dx=1 dy=-1 t=10 source=other"), index: 3, x: 1200, cause: "wheel", from: 800, v: 0, ms: 292)
        var mouseDx = adwaita(index: 2)
        expectSnap(mouseDx.send("wheel s=a dx=-1 dy=0 t=0"), index: 1, x: 400, cause: "wheel", from: 800, v: 0, ms: 292)
        var vertical = adwaita(geometry: Self.six + " axis=y", index: 2)
        #expect(vertical.send("wheel s=a dx=1 dy=0 t=0 source=mouse") == "kept s=a index=2")
        expectSnap(vertical.send("wheel s=a dx=-1 dy=1 t=10 source=other"), index: 3, x: 1200, cause: "wheel", from: 800, v: 0, ms: 292)
        // At an end page too the other axis changes nothing: the widget's
        // `scroll_cb` returns before `scroll_to` (adw-measure: "vertical:
        // wheel right (7)", no page-changed).
        var end = adwaita(geometry: Self.six + " axis=y", index: 5)
        #expect(end.send("wheel s=a dx=1 dy=0 t=0 source=mouse") == "kept s=a index=5")
        #expect(end.send("wheel s=a dx=0 dy=0 t=10") == "kept s=a index=5")
    }

    @Test func withoutScrollWheelEveryClickIsKept() {
        var h = adwaita(#"{"allowScrollWheel":false}"#, index: 2)
        for (line, t) in [("dx=0 dy=1", 0), ("dx=1 dy=0", 500), ("dx=0 dy=-1 source=other", 1000)] {
            #expect(h.send("wheel s=a \(line) t=\(t)") == "kept s=a index=2")
        }
        // Outward at an end page as well: the carousel does not scroll.
        var end = adwaita(#"{"allowScrollWheel":false}"#, index: 5)
        #expect(end.send("wheel s=a dx=0 dy=1 t=0") == "kept s=a index=5")
        var first = adwaita(#"{"allowScrollWheel":false}"#)
        #expect(first.send("wheel s=a dx=-1 dy=0 t=0") == "kept s=a index=0")
        // The touchpad is the swipe tracker's, not the wheel's: it still pages.
        #expect(moved(h.send("scroll s=a dx=40 dy=0 t=2000 phase=begin")) == 840)
    }

    // MARK: The touchpad (D = 300: a delta moves delta / 400 page, x = page × 300)

    /// Plays a gesture: `begin` with the first deltas, the same again as an
    /// update (GTK's scroll-begin, then its scroll signal), the updates and
    /// the stop; the `moved x` of each and the stop's reply.
    func swipe(_ h: inout Harness, _ first: (Double, Double), _ updates: [(Double, Double)], end: String) -> ([Double], String?) {
        let (d, t) = first
        var xs = [moved(h.send("scroll s=a dx=\(NumberFormat.string(d)) dy=0 t=\(NumberFormat.string(t)) phase=begin"))]
        for (d, t) in [first] + updates {
            xs.append(moved(h.send("scroll s=a dx=\(NumberFormat.string(d)) dy=0 t=\(NumberFormat.string(t))")))
        }
        return (xs, h.send("scroll s=a \(end) phase=end"))
    }

    /// Deltas of 4 every 16 ms: v = (4 × 5) / 48 = 0.4167 pt/ms (the first
    /// record of the 150 ms left out; the first delta recorded three times).
    /// Under the touchpad's 0.6 the nearest page wins, 0 (a finger's 0.3
    /// would project 0.208 on and go to page 1). Spring from 0.05 page at
    /// 0.4167 pages/s: v = 0.125 pt/ms, 193 ms.
    @Test func aSlowSwipeRestsOnTheNearestPage() {
        var h = adwaita(geometry: Self.five)
        let (xs, end) = swipe(&h, (4, 0), [(4, 16), (4, 32), (4, 48)], end: "dx=0 dy=0 t=64")
        #expect(xs == [3, 6, 9, 12, 15])
        expectSnap(end, index: 0, x: 0, cause: "scroll", from: 15, v: 0.125, ms: 193)
    }

    /// 30, 30, 40, 60, 80 over 24 ms: v = 240 / 24 = 10 pt/ms, the parabola
    /// (`slope = 0.997 / 0.003 / 1000`) throws far past page 1, held there;
    /// with long swipes to the last page, 4. Drawn 0.6 page = 180.
    @Test func aFastSwipeGoesOnePageOrWithLongSwipesToTheEnd() {
        for (options, index, ms) in [("{}", 1, 218), (#"{"allowLongSwipes":true}"#, 4, 332)] {
            var h = adwaita(options, geometry: Self.five)
            let (xs, end) = swipe(&h, (30, 0), [(40, 8), (60, 16), (80, 24)], end: "dx=0 dy=0 t=30")
            #expect(xs.map { ($0 * 1e6).rounded() / 1e6 } == [22.5, 45, 75, 120, 180])
            expectSnap(end, index: index, x: Double(index) * 300, cause: "scroll", from: 180.00000000000003, v: 3, ms: ms)
        }
    }

    /// The touchpad's deceleration, 0.997: with long swipes, 60 every 30 ms
    /// (v = 240 / 60 = 4) from 0.6 page projects `0.35u² − 0.35c² + 2 slope`
    /// = 2.729 on, to 3.329: page 3 (a finger's 0.998 throws to page 4).
    @Test func theTouchpadDeceleratesFaster() {
        var h = adwaita(#"{"allowLongSwipes":true}"#, geometry: Self.five)
        let (xs, end) = swipe(&h, (60, 0), [(60, 30), (60, 60)], end: "dx=0 dy=0 t=60")
        #expect(xs == [45, 90, 135, 180])
        expectSnap(end, index: 3, x: 900, cause: "scroll", from: 180, v: 1.2, ms: 321)
    }

    /// Steps of 100 (a quarter page) from page 0: held at page 1 (300),
    /// or on with long swipes (375). At page 1, v = 16.67: the spring
    /// starts at its page and ends at once (ms 0).
    @Test func theSwipeIsHeldInTheStartPagesNeighbours() {
        var held = adwaita(geometry: Self.five)
        let (xs, end) = swipe(&held, (100, 0), [(100, 10), (100, 20), (100, 30)], end: "dx=0 dy=0 t=40")
        #expect(xs == [75, 150, 225, 300, 300])
        expectSnap(end, index: 1, x: 300, cause: "scroll", from: 300, v: 5, ms: 0)
        var long = adwaita(#"{"allowLongSwipes":true}"#, geometry: Self.five)
        let (farther, e) = swipe(&long, (100, 0), [(100, 10), (100, 20), (100, 30)], end: "dx=0 dy=0 t=40")
        #expect(farther == [75, 150, 225, 300, 375])
        expectSnap(e, index: 4, x: 1200, cause: "scroll", from: 375, v: 5, ms: 321)
    }

    /// At page 0 each outward event starts a gesture and cancels it (a
    /// spring to page 0, where it is): `moved x=0`, and the history goes
    /// with it. The turn at t=20 starts a new gesture at once: its delta
    /// twice (15), two records at one time: v = 0, the nearest page.
    @Test func pushingOutwardAtAnEndCancelsEveryEvent() {
        var h = adwaita(geometry: Self.five)
        let (xs, end) = swipe(&h, (-10, 0), [(-10, 10), (20, 20)], end: "dx=0 dy=0 t=30")
        #expect(xs == [0, 0, 0, 15])
        expectSnap(end, index: 0, x: 0, cause: "scroll", from: 15, v: 0, ms: 185)
    }

    /// Every event refused at an end page: each `gesture_cancel` ends in
    /// the carousel's spring to the page it rests on, of no length, whose
    /// end emits page-changed (Tests/Adwaita/record-scroll on the real
    /// AdwCarousel 1.2.2 under sway: `page-changed` at the edge swipes
    /// pushing outward, nothing moved). The stop answers it with one
    /// decision that moves nothing: `from` = `x` = the page, v = 0, ms=0.
    @Test func aSwipeRefusedAtAnEndIsADecisionOfNoLength() {
        var last = adwaita(geometry: Self.five, index: 4)
        let (pinned, stop) = swipe(&last, (10, 0), [(10, 10)], end: "dx=0 dy=0 t=20")
        #expect(pinned == [1200, 1200, 1200])
        #expect(stop == "snap s=a index=4 x=1200 mode=animate cause=scroll from=1200 v=0 curve=spring omega=0.03162277660168379 ms=0")
        // A doubled stop answers the same.
        #expect(last.send("scroll s=a dx=0 dy=0 t=20 phase=end") == stop)
        var first = adwaita(geometry: Self.five)
        let (zero, end) = swipe(&first, (-30, 100), [(-40, 110), (-20, 120)], end: "dx=0 dy=0 t=130")
        #expect(zero == [0, 0, 0, 0])
        #expect(end == "snap s=a index=0 x=0 mode=animate cause=scroll from=0 v=0 curve=spring omega=0.03162277660168379 ms=0")
        // The next gesture starts afresh: a hold (a begin with no deltas,
        // no scroll event) moves nothing, and its stop changes nothing.
        #expect(moved(first.send("scroll s=a dx=0 dy=0 t=200 phase=begin")) == 0)
        #expect(first.send("scroll s=a dx=0 dy=0 t=210 phase=end") == "kept s=a index=0")
    }

    /// The first event's 40 moves the content twice (30, 60) and is
    /// recorded three times: v = (40 + 40 + 10) / 100 = 0.9 (recorded twice
    /// it would be 0.5, under 0.6: page 0), projected 0.299 on from 0.225:
    /// page 1, 282 ms. The stop's deltas are not applied (GDK may merge
    /// the last update into it): 0 or 500, the same decision.
    @Test func theFirstDeltaCountsTwiceAndTheStopsNot() {
        for stop in ["dx=0 dy=0 t=100", "dx=500 dy=0 t=100"] {
            var h = adwaita(geometry: Self.five)
            let (xs, end) = swipe(&h, (40, 0), [(10, 100)], end: stop)
            #expect(xs == [30, 60, 67.5])
            expectSnap(end, index: 1, x: 300, cause: "scroll", from: 67.5, v: 0.27, ms: 282)
        }
    }

    /// A vertical carousel's touchpad page is 300 points: dy 30 is 0.1
    /// page (30 at D = 300); dx never counts. One time: v = 0.
    @Test func verticallyAPageIs300Points() {
        var h = adwaita(geometry: Self.five + " axis=y")
        #expect(moved(h.send("scroll s=a dx=100 dy=30 t=0 phase=begin")) == 30)
        #expect(moved(h.send("scroll s=a dx=100 dy=30 t=0")) == 60)
        #expect(moved(h.send("scroll s=a dx=100 dy=0 t=5")) == 60)
        expectSnap(h.send("scroll s=a dx=0 dy=0 t=10 phase=end"), index: 0, x: 0, cause: "scroll", from: 60, v: 0, ms: 235)
    }

    /// A wheel click at t=0 springs from page 0 to 1; 50 ms in it is drawn
    /// at 140.686 (0.469 page), between pages 0 and 1: a swipe starting
    /// there is held in [0, 2] (from rest at page 0, in [0, 1]). 200, 200,
    /// 400: 0.969, 1.469, 2 (held); v = 800 / 10 = 80, page 2, ms 0.
    @Test func aSwipeDuringAWheelSpringStartsWhereItIsDrawn() {
        for (click, xs, index) in [(true, [290.6864372248126, 440.6864372248126, 600], 2), (false, [150, 300, 300], 1)] {
            var h = adwaita(geometry: Self.five)
            if click { #expect(h.send("wheel s=a dx=0 dy=1 t=0")?.hasPrefix("snap s=a index=1 x=300") == true) }
            let (drawn, end) = swipe(&h, (200, 50), [(400, 60)], end: "dx=0 dy=0 t=70")
            #expect(zip(drawn, xs).allSatisfy { abs($0 - $1) < 1e-9 }, "\(drawn)")
            expectSnap(end, index: index, x: Double(index) * 300, cause: "scroll", from: Double(index) * 300, v: 24, ms: 0)
        }
    }

    /// Deltas and times at the doubles' ends get finite replies.
    @Test func extremeEventsGetFiniteReplies() {
        var h = adwaita(geometry: "viewport=1e306 item=1e306 count=3")
        let lines = [
            "wheel s=a dx=1e308 dy=-1e308 t=-1e308", "wheel s=a dx=0 dy=1e-308 t=1e308",
            "scroll s=a dx=1e308 dy=0 t=1e308 phase=begin", "scroll s=a dx=1e308 dy=0 t=1e308", "scroll s=a dx=-1e308 dy=0 t=1e308",
            "scroll s=a dx=1e308 dy=0 t=1e308", "scroll s=a dx=0 dy=0 t=1e308 phase=end",
        ]
        for line in lines {
            let reply = h.send(line) ?? "(no reply)"
            #expect(ReplyCheck.problem(reply + "\n") == nil && !reply.hasPrefix("error"), "\(line) -> \(reply)")
        }
    }
}
