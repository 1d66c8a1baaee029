import Testing
@testable import DetentCore

/// docs/strategies.md, `qt-swipeview`, wheel rule 3 ("A view put on its
/// page"): issue 41's cases. Qt 6.4.2's ListView put on page k without
/// moving has no delegate before k, so a back notch looks for `c − (W/2 +
/// 1)` past its first delegate and takes `snapPosAt`'s fallback, `kP −
/// qRound((W/2 + 1)/W) W = kP − W`: with spacing s > 0 no page. Qt flies
/// towards it (D = W: v0 = 4W, a = 8W px/s² = 0.00512 pt/ms² for W = 640,
/// stop 500) and re-aims at page k − 1 once within W/2 of it, at
/// (1 − 1/√2)/2 s = 146.45 ms, the reply's `aim` that plus half a frame:
/// 154.78 ms, drawn at 1956 − (2.56 × 154.78 − 0.00256 × 154.78²) =
/// 1621.093; then a uniform deceleration at the frame's speed (2.56 −
/// 0.00512 × 146.45 = 1.8102 pt/ms) that stops on 1304 at round(154.78 +
/// 2 × 317.093 / 1.8102) = 505 ms, then 200 ms of fixup. A view that has
/// moved (or says `moved=1`) has its neighbours: `QtScrollTests`.
@Suite struct QtPlacedTests {
    static func session(_ w: Double, spacing: Double, count: Int, index: Int, moved: Bool = false) throws -> Session {
        var spec = GeometrySpec()
        spec.viewport = w
        spec.item = w
        spec.count = count
        spec.spacing = spacing
        spec.index = Double(index)
        return try Session(plugin: Plugin(name: "q", strategy: QtSwipeViewStrategy(options: .init())), geometry: spec,
                           maxItems: 100, moved: moved)
    }

    static func wheel(_ s: inout Session, dx: Double, t: Double, x: Double? = nil) throws -> String {
        switch try s.wheel(ScrollInput(dx: dx, dy: 0, t: t), x: x) {
        case .kept(let index): return "kept \(index)"
        case .decision(let d): return QtScrollTests.describe(d)
        }
    }

    /// Four pages 640, spacing 12 (P = 652): put on page 3 (1956), one back
    /// notch flicks to page 2 (1304), aimed at 1316 and re-aimed; on page 1
    /// (652), to page 0 (aimed at 12). The same view having moved keeps its
    /// page: look 1635 lies in page 3's (1630, 2282].
    @Test func backNotchFromAPlacedView() throws {
        let flight = "v=-2.56 brake 0.00512 stop=505 aim=154.77994274005957 ms=705 wheel"
        var at3 = try Self.session(640, spacing: 12, count: 4, index: 3)
        #expect(try Self.wheel(&at3, dx: -1, t: 100) == "2 1956→1304 \(flight)")
        // The path: the flight, the re-aim at 154.78 ms (1621.093), on 1304 at 505.
        let motion = try #require(at3.lastDecision?.motion)
        #expect(motion.position(at: 100) == 1725.6)
        #expect(abs(motion.position(at: 154.77994274005957) - 1621.0928331124646) < 1e-9)
        #expect(abs(motion.position(at: 300) - 1412.6455940747044) < 1e-9)
        #expect(motion.position(at: 505) == 1304)
        #expect(motion.position(at: 600) == 1304)
        var at1 = try Self.session(640, spacing: 12, count: 4, index: 1)
        #expect(try Self.wheel(&at1, dx: -1, t: 100) == "0 652→0 \(flight)")
        var moved = try Self.session(640, spacing: 12, count: 4, index: 3, moved: true)
        #expect(try Self.wheel(&moved, dx: -1, t: 100) == "kept 3")
        // At the end pages: page 0 has nothing before it, the last nothing after.
        var at0 = try Self.session(640, spacing: 12, count: 4, index: 0)
        #expect(try Self.wheel(&at0, dx: -1, t: 100) == "kept 0")
        var last = try Self.session(640, spacing: 12, count: 4, index: 3)
        #expect(try Self.wheel(&last, dx: 1, t: 100) == "kept 3")
    }

    /// Once it has moved it is a view that moved: flicked from page 3 to
    /// page 2, the next back notch is kept (look 983 lies in page 2's
    /// (978, 1630]) where a view put on page 2 flicks to page 1. So after
    /// any goto or step, or a drag that moved the content.
    @Test func anyMotionEndsThePlacement() throws {
        var s = try Self.session(640, spacing: 12, count: 4, index: 3)
        #expect(s.placed)
        _ = try Self.wheel(&s, dx: -1, t: 0)
        #expect(!s.placed)
        #expect(try Self.wheel(&s, dx: -1, t: 2000) == "kept 2")
        var at2 = try Self.session(640, spacing: 12, count: 4, index: 2)
        #expect(try Self.wheel(&at2, dx: -1, t: 0) == "1 1304→652 v=-2.56 brake 0.00512 stop=505 aim=154.77994274005957 ms=705 wheel")
        // A drag that moves the content, too (Qt draws from its third move).
        var dragged = try Self.session(640, spacing: 12, count: 4, index: 3)
        _ = dragged.begin(x: 1956, t: 0)
        _ = dragged.move(x: 1900, t: 10)
        _ = dragged.move(x: 1880, t: 20)
        #expect(dragged.placed)
        _ = dragged.move(x: 1870, t: 30)
        #expect(!dragged.placed)
        // Any goto, even one to the page it is drawn on (a client that drew
        // the animation itself says x= there), or step: a view that moved.
        var went = try Self.session(640, spacing: 12, count: 4, index: 3)
        _ = try went.goto(index: 3, from: 1956)
        #expect(!went.placed)
        #expect(try Self.wheel(&went, dx: -1, t: 100) == "kept 3")
        // A drag that never takes hold moves nothing: still put there.
        var held = try Self.session(640, spacing: 12, count: 4, index: 3)
        _ = held.begin(x: 1956, t: 0)
        _ = held.move(x: 1950, t: 10)
        _ = try held.end(x: 1950, v: nil, target: nil, t: 20)
        #expect(held.placed)
    }

    /// A burst back: the second notch (20 ms in, 120 / 0.02 s capped at
    /// 4W: the mean (464.758 + 2560) / 2 = 1512.379 px/s) comes before
    /// the frames re-aim the flick (146 ms): Qt re-evaluates it there, a
    /// uniform deceleration from where it is drawn (1956 − 2.56 × 20 +
    /// 0.00512 × 20² / 2 = 1905.824) that stops on 1304: stop =
    /// int(2000 × 601.824 / 1512.379) = 795, accel = v / stop. The third
    /// is kept. A notch while the content is still where it started (no
    /// frame yet: page 2 has no delegate) changes nothing.
    @Test func burstReaimsAtTheSecondNotch() throws {
        var s = try Self.session(640, spacing: 12, count: 4, index: 3)
        _ = try Self.wheel(&s, dx: -1, t: 0)
        let second = try Self.wheel(&s, dx: -1, t: 20)
        #expect(second.hasPrefix("2 1905.82"))
        #expect(second.hasSuffix("v=-1.512379000772445 brake 0.0019023635229842074 stop=795 ms=995 wheel"))
        #expect(try Self.wheel(&s, dx: -1, t: 40) == "kept 2")
        var early = try Self.session(640, spacing: 12, count: 4, index: 3)
        _ = try Self.wheel(&early, dx: -1, t: 0)
        #expect(try Self.wheel(&early, dx: -1, t: 5, x: 1956) == "kept 2")
        // Its sample counts: (464.758 + 2560 + 2560) / 3 = 1861.586 px/s, stop 646.
        #expect(try Self.wheel(&early, dx: -1, t: 20, x: 1905.824).hasSuffix("stop=646 ms=846 wheel"))
    }

    /// Seven pages 400, spacing 2, put on the last (2412): a back notch
    /// aims at 2012, a forward notch 61 ms later (drawn at 2339) finds the
    /// target re-evaluated to page 5 (2010) behind its way: Qt's fixup
    /// where the content is, page 6 (2339 > 2211), an ease of 200 ms.
    /// Notches in that fixup are kept; so is a forward notch once the
    /// frames re-aimed the flick, and one against a moved view's flick.
    @Test func clickAgainstARunningFlick() throws {
        let back = "5 2412→2010 v=-1.6 brake 0.00318407960199005 stop=502 ms=702 wheel"
        var s = try Self.session(400, spacing: 2, count: 7, index: 6)
        let first = try Self.wheel(&s, dx: -1, t: 0)
        #expect(first == "5 2412→2010 v=-1.6 brake 0.0032 stop=495 aim=154.77994274005954 ms=695 wheel")
        #expect(try Self.wheel(&s, dx: 1, t: 61, x: 2339) == "6 2339→2412 v=0 ease ms=200 wheel")
        #expect(try Self.wheel(&s, dx: 1, t: 120) == "kept 6")
        var late = try Self.session(400, spacing: 2, count: 7, index: 6)
        _ = try Self.wheel(&late, dx: -1, t: 0)
        #expect(try Self.wheel(&late, dx: 1, t: 200) == "kept 5")
        var moved = try Self.session(400, spacing: 2, count: 7, index: 6, moved: true)
        #expect(try Self.wheel(&moved, dx: -1, t: 0) == back)
        #expect(try Self.wheel(&moved, dx: 1, t: 61, x: 2339) == "kept 5")
        // Spacing 0: the fallback is the page, nothing to re-aim.
        var none = try Self.session(400, spacing: 0, count: 7, index: 6)
        #expect(try Self.wheel(&none, dx: -1, t: 0) == "5 2400→2000 v=-1.6 brake 0.0032 stop=500 ms=700 wheel")
        #expect(try Self.wheel(&none, dx: 1, t: 61, x: 2330) == "kept 5")
    }

    /// `moved` on `open`: a boolean; the session says it was put on its page.
    @Test func throughTheDispatcher() throws {
        var h = try Harness(json: #"{"plugins":[{"name":"q","strategy":"qt-swipeview"}]}"#)
        _ = h.send("open s=p viewport=640 item=640 count=4 spacing=12 index=3 plugin=q")
        #expect(h.send("wheel s=p dx=-1 dy=0 t=100")
                == "snap s=p index=2 x=1304 mode=decelerate cause=wheel from=1956 v=-2.56 curve=brake accel=0.00512 stop=505 aim=154.77994274005957 ms=705")
        _ = h.send("open s=m viewport=640 item=640 count=4 spacing=12 index=3 plugin=q moved=1")
        #expect(h.send("wheel s=m dx=-1 dy=0 t=100") == "kept s=m index=3")
        #expect(h.send("open s=f viewport=640 item=640 count=4 index=3 moved=false") == "opened s=f plugin=q index=3 x=1920 snaps=4")
        #expect(h.send("open s=b viewport=640 item=640 count=4 moved=2")?.hasPrefix("error code=bad-value") == true)
    }
}
