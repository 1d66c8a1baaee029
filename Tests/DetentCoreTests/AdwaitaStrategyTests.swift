import Testing
@testable import DetentCore

/// docs/strategies.md, `adwaita`: libadwaita 1.2.2's AdwCarousel, issue
/// 24's worked numbers (measured on the real widget), through the
/// dispatcher as a client sends them.
@Suite struct AdwaitaStrategyTests {
    static let pages = "viewport=400 item=400 count=6"

    func adwaita(_ options: String = "{}", geometry: String = pages, index: Int = 0) -> Harness {
        var h = try! Harness(json: #"{"plugins":[{"name":"a","strategy":"adwaita","options":\#(options)}]}"#)
        #expect(h.send("open s=a \(geometry) index=\(index)")?.hasPrefix("opened s=a plugin=a index=\(index) x=\(index * 400)") == true)
        return h
    }

    /// Plays `begin`, the moves and `end`; the `moved x` of each move and
    /// the decision's fields.
    func play(_ h: inout Harness, begin: String, moves: [(Double, Double)], end: String) -> ([Double], [String: String]) {
        _ = h.send("begin s=a \(begin)")
        let moved = moves.map { x, t in
            Double(h.send("move s=a x=\(NumberFormat.string(x)) t=\(NumberFormat.string(t))")!.split(separator: "=").last!)!
        }
        let reply = h.send("end s=a \(end)")!
        var fields: [String: String] = [:]
        for part in reply.split(separator: " ").dropFirst() {
            let kv = part.split(separator: "=", maxSplits: 1)
            fields[String(kv[0])] = String(kv[1])
        }
        return (moved, fields)
    }

    func expect(_ fields: [String: String], index: Int, x: Double, from: Double, v: Double, ms: Int) {
        #expect(fields["index"] == String(index))
        #expect(Double(fields["x"] ?? "") == x)
        #expect(abs(Double(fields["from"] ?? "")! - from) < 1e-9, "from \(fields["from"] ?? "")")
        #expect(abs(Double(fields["v"] ?? "")! - v) < 5e-9, "v \(fields["v"] ?? "")")
        #expect(fields["ms"] == String(ms))
        #expect(fields["mode"] == "animate" && fields["curve"] == "spring" && fields["omega"] == "0.03162277660168379")
    }

    @Test func aFlickTakesHoldAt16AndGoesToTheNextPage() {
        var h = adwaita()
        let (moved, d) = play(&h, begin: "x=0 t=0", moves: [(58, 16), (116, 31), (175, 47), (233, 63)], end: "x=233 t=63")
        #expect(moved == [0, 58, 117, 175])
        expect(d, index: 1, x: 400, from: 175, v: 175.0 / 47 * 400 / 1000, ms: 265)
    }

    @Test func aSlowDragOffTheStartPageIsBumpedToTheNext() {
        var h = adwaita(index: 4)
        let moves: [(Double, Double)] = [(1608, 16), (1616, 32), (1624, 48), (1633, 64), (1641, 81), (1649, 97)]
        let (moved, d) = play(&h, begin: "x=1600 t=0", moves: moves, end: "x=1649 t=97")
        #expect(moved == [1600, 1608, 1616, 1625, 1633, 1641])
        expect(d, index: 5, x: 2000, from: 1641, v: 41.0 / 81 * 400 / 1000, ms: 288)
    }

    @Test func heldStillTheVelocityIsZeroAndTheNearestPageWins() {
        var h = adwaita()
        let moves: [(Double, Double)] = [(29, 16), (58, 32), (87, 47), (116, 63), (145, 78), (174, 94), (203, 109)]
        let (moved, d) = play(&h, begin: "x=0 t=0", moves: moves, end: "x=203 t=379")
        #expect(moved == [0, 29, 58, 87, 116, 145, 174])
        expect(d, index: 0, x: 0, from: 174, v: 0, ms: 263)
    }

    @Test func aReversingDragLeavesTheOldestStepOut() {
        var h = adwaita()
        let moves: [(Double, Double)] = [(13, 20), (25, 40), (38, 59), (51, 79), (63, 99), (76, 119), (57, 138), (38, 158), (19, 178)]
        let (moved, d) = play(&h, begin: "x=0 t=0", moves: moves, end: "x=19 t=178")
        #expect(moved == [0, 12, 25, 38, 50, 63, 44, 25, 6])
        expect(d, index: 0, x: 0, from: 6, v: -6.0 / 138 * 400 / 1000, ms: 136)
    }

    @Test func pullingPastTheFirstPageIsRefused() {
        var h = adwaita()
        let (moved, d) = play(&h, begin: "x=0 t=0", moves: [(-20, 16), (-40, 32)], end: "x=-40 t=40")
        #expect(moved == [0, 0])
        expect(d, index: 0, x: 0, from: 0, v: 0, ms: 0)
    }

    /// The drag is held within the start page's neighbours, and the
    /// projection too, unless `allowLongSwipes`.
    @Test func longSwipesCrossMorePages() {
        let moves: [(Double, Double)] = [(10, 10), (200, 20), (500, 30), (900, 40)]
        var held = adwaita()
        let (drawn, d) = play(&held, begin: "x=0 t=0", moves: moves, end: "x=900 t=40")
        #expect(drawn.last == 400)
        #expect(d["index"] == "1")
        var long = adwaita(#"{"allowLongSwipes":true}"#)
        let (farther, e) = play(&long, begin: "x=0 t=0", moves: moves, end: "x=900 t=40")
        #expect(farther.last == 890)
        #expect(e["index"] == "5")
    }

    /// A session's `swipes` (a widget's allow-long-swipes) wins over
    /// the plugin's option, both ways; `layout` changes it or keeps it.
    @Test func aSessionSaysLongSwipesItself() {
        let moves: [(Double, Double)] = [(10, 10), (200, 20), (500, 30), (900, 40)]
        var h = try! Harness(json: #"{"plugins":[{"name":"a","strategy":"adwaita","options":{"allowLongSwipes":true}}]}"#)
        #expect(h.send("open s=a \(Self.pages) swipes=short")?.hasPrefix("opened s=a plugin=a index=0") == true)
        let (held, d) = play(&h, begin: "x=0 t=0", moves: moves, end: "x=900 t=40")
        #expect(held.last == 400 && d["index"] == "1")
        #expect(h.send("layout s=a \(Self.pages) index=0 swipes=long")?.hasPrefix("opened s=a plugin=a index=0") == true)
        let (long, e) = play(&h, begin: "x=0 t=0", moves: moves, end: "x=900 t=40")
        #expect(long.last == 890 && e["index"] == "5")
        #expect(h.send("layout s=a \(Self.pages) index=0")?.hasPrefix("opened s=a plugin=a index=0") == true)
        let (kept, f) = play(&h, begin: "x=0 t=0", moves: moves, end: "x=900 t=40")
        #expect(kept.last == 890 && f["index"] == "5")
    }

    /// A strategy with no notion of long swipes takes the key and decides as without it.
    @Test func longSwipesChangeNothingWhereAStrategyHasNoNotionOfThem() {
        var h = try! Harness(json: #"{"plugins":[{"name":"c","strategy":"flick"}]}"#)
        var replies: [String] = []
        for key in ["", " swipes=long", " swipes=short"] {
            _ = h.send("close s=c")
            #expect(h.send("open s=c plugin=c viewport=375 item=343 count=5 spacing=8 lead=16 trail=16\(key)")?.hasPrefix("opened") == true)
            replies.append(h.send("end s=c x=90 v=1.4")!)
        }
        #expect(Set(replies).count == 1, "\(replies)")
    }

    @Test func gotoAndCancelUseTheSpringWithoutVelocity() {
        var h = adwaita()
        let reply = h.send("goto s=a index=2")!
        #expect(reply.hasPrefix("snap s=a index=2 x=800 mode=animate cause=goto from=0 v=0 curve=spring omega=0.03162277660168379 ms="))
        let ms = Int(reply.split(separator: "=").last!)!
        #expect(ms == AdwaitaSpring.duration(from: 0, to: 2, velocity: 0))
        _ = h.send("begin s=a x=800 t=0")
        _ = h.send("move s=a x=810 t=10")
        _ = h.send("move s=a x=850 t=20")
        #expect(h.send("cancel s=a")!.hasPrefix("snap s=a index=2 x=800 mode=animate cause=cancel from=840 v=0 curve=spring"))
    }

    /// Only whole viewports, at `i * (item + spacing)`.
    @Test(arguments: ["viewport=400 item=300 count=6", "viewport=400 item=400 count=6 lead=10",
                      "viewport=400 sizes=400,400", "viewport=400 points=0,400", "viewport=400 item=400 count=6 loop=1",
                      "viewport=400 item=400 count=6 contain=pad"])
    func otherGeometriesAreUnsupported(geometry: String) {
        var h = try! Harness(json: #"{"plugins":[{"name":"a","strategy":"adwaita"}]}"#)
        #expect(h.send("open s=a \(geometry)")?.hasPrefix("error code=unsupported-layout") == true, "\(geometry)")
    }

    /// Lines at the doubles' ends (found by review: v came out inf or nan,
    /// a press beyond the last page jumped to page 0).
    @Test func extremeLinesGetFiniteReplies() throws {
        var h = try Harness(json: #"{"plugins":[{"name":"a","strategy":"adwaita"}]}"#)
        let lines = [
            "open s=a viewport=1e306 item=1e306 count=3", "begin s=a x=0 t=0", "move s=a x=1 t=1", "move s=a x=100 t=2",
            "end s=a x=200 v=1e6", "close s=a",
            "open s=a viewport=400 item=400 count=5", "begin s=a x=1e308 t=1e308", "move s=a x=-0.7e308 t=1e308",
            "move s=a x=0.3e308 t=0", "move s=a x=1.3e308 t=-1e308", "end s=a x=1.3e308 t=-1e308",
        ]
        for line in lines {
            let reply = h.send(line) ?? "(no reply)"
            #expect(ReplyCheck.problem(reply + "\n") == nil, "\(line) -> \(reply)")
        }
        var past = adwaita(geometry: "viewport=400 item=400 count=5", index: 4)
        _ = past.send("begin s=a x=1700")
        _ = past.send("move s=a x=1690")
        #expect(past.send("move s=a x=1670") == "moved s=a x=1600")
    }

    /// The duration is the engine's ms-by-ms loop, found by a search.
    @Test func theSearchFindsTheEnginesMs() {
        func stepped(from: Double, to: Double, velocity: Double) -> Int {
            guard abs(to - from) >= AdwaitaSpring.still else { return 0 }
            var t = 1
            while true {
                let y = AdwaitaSpring.position(t, from: from, to: to, velocity: velocity)
                if to > from ? to - y <= AdwaitaSpring.epsilon : y - to <= AdwaitaSpring.epsilon { return t }
                t += 1
            }
        }
        var g = SystemRandomNumberGenerator()
        for _ in 0..<20_000 {
            let from = Double.random(in: -1...6, using: &g)
            let to = Double(Int.random(in: 0...5, using: &g))
            let v = Double.random(in: -30...30, using: &g)
            #expect(AdwaitaSpring.duration(from: from, to: to, velocity: v) == stepped(from: from, to: to, velocity: v), "\(from) \(to) \(v)")
        }
    }
}
