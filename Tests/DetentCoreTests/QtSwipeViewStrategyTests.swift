import Testing
@testable import DetentCore

/// docs/strategies.md, `qt-swipeview`: Qt 6.4's SwipeView, issue 27's
/// worked numbers (measured on the real widget), through the dispatcher.
/// A flick's `stop` is the issue's `ms`: the widget then eases 200 ms more
/// (its fixup), so the reply's `ms` is `stop + 200` (Tests/Qt/README.md).
@Suite struct QtSwipeViewStrategyTests {
    struct Row: Sendable, CustomStringConvertible {
        var geometry = "viewport=400 item=400 count=6"
        var index: Int
        var begin: Double
        var moves: [(Double, Double)]
        var end: String
        var moved: [Double]
        /// index, x, from, and the curve's fields as the reply writes them.
        var decision: String
        var description: String { "index \(index), \(moves.count) moves, \(end)" }
    }

    static let rows: [Row] = [
        Row(index: 3, begin: 1200, moves: [(1196, 41), (1193, 81), (1189, 121), (1185, 161), (1182, 202), (1178, 242), (1174, 282), (1171, 322), (1167, 363)],
            end: "x=1167 t=363", moved: [1200, 1200, 1200, 1200, 1197, 1193, 1189, 1186, 1182],
            decision: "index=2 x=800 mode=decelerate cause=release from=1182 v=-1.6 curve=brake accel=0.003350785340314136 stop=477 ms=677"),
        Row(index: 2, begin: 800, moves: [(829, 24), (858, 48), (886, 71), (915, 95), (944, 119), (973, 143), (1001, 166), (1030, 190), (1059, 214)],
            end: "x=1059 t=503", moved: [800, 800, 828, 857, 886, 915, 943, 972, 1001],
            decision: "index=3 x=1200 mode=animate cause=release from=1001 v=0 curve=ease ms=200"),
        Row(index: 1, begin: 400, moves: [(435, 15), (470, 30), (505, 46)], end: "x=505 t=46", moved: [400, 400, 435],
            decision: "index=2 x=800 mode=decelerate cause=release from=435 v=1.6 curve=brake accel=0.0035068493150684932 stop=456 ms=656"),
        Row(index: 2, begin: 800, moves: [(789, 19), (778, 37), (767, 55), (756, 74), (745, 92)], end: "x=745 t=325",
            moved: [800, 800, 789, 778, 767], decision: "index=1 x=400 mode=animate cause=release from=767 v=0 curve=ease ms=200"),
        Row(geometry: "viewport=350 item=350 count=7 spacing=10", index: 0, begin: 0, moves: [(-51, 18), (-102, 36), (-154, 55)],
            end: "x=-154 t=55", moved: [0, 0, 0], decision: "index=0 x=0 mode=animate cause=release from=0 v=0 curve=ease ms=0"),
        Row(geometry: "viewport=300 item=300 count=5 spacing=24", index: 2, begin: 648,
            moves: [(634, 17), (619, 35), (605, 53), (590, 70), (576, 88), (561, 106), (547, 124), (532, 141), (518, 159), (539, 177), (561, 194), (583, 212), (605, 230)],
            end: "x=605 t=230", moved: [648, 648, 634, 619, 605, 590, 576, 561, 547, 568, 590, 612, 634],
            decision: "index=2 x=648 mode=decelerate cause=release from=634 v=1.2 curve=brake accel=0.05142857142857143 stop=23 ms=223"),
        Row(index: 2, begin: 800, moves: [(803, 100), (806, 250), (809, 300), (812, 350), (815, 400), (818, 450), (821, 500)],
            end: "x=821 t=510", moved: [800, 800, 800, 800, 800, 803, 806],
            decision: "index=2 x=800 mode=animate cause=release from=806 v=0 curve=ease ms=200"),
        Row(index: 0, begin: 0, moves: [(-2, 100), (-4, 210), (-6, 260), (10, 300), (22, 320), (34, 340), (46, 360)],
            end: "x=46 t=370", moved: [0, 0, 0, 0, 0, 0, 12],
            decision: "index=1 x=400 mode=decelerate cause=release from=12 v=1.6 curve=brake accel=0.0032989690721649486 stop=485 ms=685"),
    ]

    @Test(arguments: rows)
    func workedNumbers(_ row: Row) throws {
        var h = try Harness(json: #"{"plugins":[{"name":"q","strategy":"qt-swipeview"}]}"#)
        #expect(h.send("open s=q \(row.geometry) index=\(row.index)")?.hasPrefix("opened s=q plugin=q index=\(row.index)") == true)
        _ = h.send("begin s=q x=\(NumberFormat.string(row.begin)) t=0")
        let moved = row.moves.map { x, t in
            Double(h.send("move s=q x=\(NumberFormat.string(x)) t=\(NumberFormat.string(t))")?.split(separator: "=").last ?? "") ?? .nan
        }
        #expect(moved == row.moved)
        #expect(h.send("end s=q \(row.end)") == "snap s=q \(row.decision)")
    }

    @Test func gotoAndCancelEaseAsCurrentIndexDoes() throws {
        var h = try Harness(json: #"{"plugins":[{"name":"q","strategy":"qt-swipeview"}]}"#)
        _ = h.send("open s=q viewport=400 item=400 count=6")
        #expect(h.send("goto s=q index=1") == "snap s=q index=1 x=400 mode=animate cause=goto from=0 v=0 curve=ease ms=250")
        #expect(h.send("cancel s=q") == "snap s=q index=1 x=400 mode=animate cause=cancel from=400 v=0 curve=ease ms=0")
    }

    @Test(arguments: ["viewport=400 item=300 count=6", "viewport=400 item=400 count=6 lead=8", "viewport=400 item=400 count=6 align=center",
                      "viewport=400 sizes=400,400", "viewport=400 points=0,400", "viewport=400 item=400 count=6 loop=1",
                      "viewport=400 item=400 count=6 contain=pad"])
    func otherGeometriesAreUnsupported(geometry: String) throws {
        var h = try Harness(json: #"{"plugins":[{"name":"q","strategy":"qt-swipeview"}]}"#)
        #expect(h.send("open s=q \(geometry)")?.hasPrefix("error code=unsupported-layout") == true, "\(geometry)")
    }

    /// Lines at the doubles' ends (found by review: a flick's stop past
    /// Int.max trapped, accel came out inf): each reply well-formed with
    /// finite numbers, and the daemon carries on.
    @Test(arguments: [
        ["open s=q viewport=400 item=400 count=5", "begin s=q x=1e300 t=0", "end s=q x=0 v=-1"],
        ["open s=q viewport=1 item=1 count=3 spacing=1e40", "begin s=q x=0 t=0", "move s=q x=20 t=10", "move s=q x=40 t=20",
         "move s=q x=6e39 t=30", "end s=q x=6e39 v=1"],
        ["open s=q viewport=5e307 item=5e307 count=2", "begin s=q x=4e307", "end s=q x=0 v=-1"],
        ["open s=q viewport=400 item=400 count=3", "begin s=q x=5e-324", "end s=q x=-100 v=-1"],
        ["open s=q viewport=1e200 item=1e200 count=3", "begin s=q x=1e199", "end s=q x=0 v=-1"],
        ["open s=q viewport=400 item=400 count=3", "begin s=q x=0 t=0", "move s=q x=1e308 t=1", "move s=q x=-1e308 t=2",
         "move s=q x=1e308 t=3", "end s=q x=1e308 t=4"],
        ["open s=q viewport=400 item=400 count=3", "begin s=q x=150", "end s=q x=150 t=10"],
    ])
    func extremeLinesGetFiniteReplies(lines: [String]) throws {
        var h = try Harness(json: #"{"plugins":[{"name":"q","strategy":"qt-swipeview"}]}"#)
        for line in lines {
            let reply = h.send(line) ?? "(no reply)"
            #expect(ReplyCheck.problem(reply + "\n") == nil, "\(line) -> \(reply)")
            if reply.hasPrefix("snap "), reply.contains("curve=ease ms=0") {
                #expect(Self.field("from", reply) == Self.field("x", reply), "ms=0 only when already there: \(reply)")
            }
        }
        #expect(h.send("ping") == "pong")
    }

    /// A flick within a pixel of its page decelerates for no whole ms: the
    /// reply is the fixup's ease, whose velocity at 0 is the reply's `v`
    /// (a property test found a brake with stop=0 starting at 1.6 pt/ms).
    @Test func aFlickUnderAMillisecondIsTheEaseAlone() throws {
        var h = try Harness(json: #"{"plugins":[{"name":"q","strategy":"qt-swipeview"}]}"#)
        _ = h.send("open s=q viewport=300 item=300 count=5 spacing=24 index=2")
        _ = h.send("begin s=q x=648 t=0")
        for (x, t) in [(659.0, 10.0), (678.0, 20.0), (678.5, 30.0)] {
            _ = h.send("move s=q x=\(NumberFormat.string(x)) t=\(NumberFormat.string(t))")
        }
        // Drawn at 648.5, half a pixel past page 2: a flick that keeps it.
        let reply = h.send("end s=q x=678.5 t=31") ?? ""
        #expect(reply.contains("index=2 x=648") && reply.contains("from=648.5 v=0 curve=ease ms=200"), "\(reply)")
    }

    static func field(_ key: String, _ reply: String) -> String? {
        reply.split(separator: " ").first { $0.hasPrefix(key + "=") }.map { String($0.dropFirst(key.count + 1)) }
    }

    /// The two curves end on `x`, and a brake may start away from it.
    @Test func theCurvesEndOnTheirPage() {
        let ease = Motion(from: 1001, to: 1200, v: 0, curve: .ease, duration: 200)
        #expect(ease.position(at: 50) == 1025.875 && ease.position(at: 100) == 1100.5 && ease.position(at: 150) == 1175.125)
        #expect(ease.position(at: 200) == 1200)
        let brake = Motion(from: 983, to: 972, v: 1.2, curve: .brake(accel: 0.04, stop: 18), duration: 218)
        #expect(brake.position(at: 10) == 983 + 12 - 2)
        #expect(brake.position(at: 118) < 983 + 1.2 * 18 && brake.position(at: 218) == 972)
    }
}
