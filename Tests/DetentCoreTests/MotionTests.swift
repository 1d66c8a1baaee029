import Foundation
import PropertyBased
import Testing
@testable import DetentCore
import DetentTestSupport

/// Decisions carry their motion (detent-protocol(7), "Motion"): worked
/// numbers (the durations found independently by scanning the curve every
/// 0.001 ms), and the curve's promises on thousands of random decisions.
// No shrinking: on a failure the library re-ran the property for 15 minutes
// under ASan before saying anything (CI); the seed it prints reproduces it.
@Suite(.shrinking(false)) struct MotionTests {
    static let omega = 2 * Double.pi / 400

    func cards() -> Harness {
        var h = Harness()
        _ = h.send("open s=c plugin=cards \(Harness.cards)")
        return h
    }

    @Test func aReleaseSpringsFromWhereTheFingerLeftAtItsVelocity() {
        var h = cards()
        #expect(h.send("end s=c x=90 v=1.4")
            == "snap s=c index=1 x=351 mode=animate cause=release from=90 v=1.4 curve=spring omega=0.015707963267948967 ms=516")
        // From card 4, a flick back: the spring starts at the release velocity.
        _ = h.send("goto s=c index=4")
        #expect(h.send("end s=c x=1380 v=-1.2")?.hasSuffix("index=3 x=1053 mode=animate cause=release from=1380 v=-1.2 curve=spring omega=0.015707963267948967 ms=542") == true)
    }

    @Test func keptMomentumDecaysWhenItPointsAtTheSnapAndStopsInTime() {
        var h = Harness()
        _ = h.send("open s=t plugin=thumbs viewport=375 item=100 count=20 align=start contain=pad")
        // T = 119 -> 100: D = 80, R = exp(-1/80), 407 ms.
        let rate = NumberFormat.string(exp(-1.0 / 80))
        #expect(h.send("end s=t x=20 v=1") == "snap s=t index=1 x=100 mode=decelerate cause=release from=20 v=1 curve=decay rate=\(rate) ms=407")
        // Paging from 40 to 375 at 0.6 pt/ms would decay for 3634 ms: a spring.
        _ = h.send("open s=p plugin=paging \(Harness.cards)")
        #expect(DecisionText.motion(h.send("end s=p x=40 v=0.6")) == "from=40 v=0.6 curve=spring omega=0.015707963267948967 ms=552")
        // Momentum away from the snap: a spring too.
        _ = h.send("open s=q plugin=peek \(Harness.cards) index=1")
        #expect(DecisionText.motion(h.send("end s=q x=360 v=0.3"))?.hasPrefix("from=360 v=0.3 curve=spring ") == true)
    }

    @Test func cancelGotoAndAutoplayStartAtRestFromWhereTheContentIs() {
        var h = cards()
        // At rest on 0: goto starts there, at rest.
        #expect(DecisionText.motion(h.send("goto s=c index=4")) == "from=0 v=0 curve=spring omega=0.015707963267948967 ms=661")
        // During a drag the content is where the last move drew it.
        _ = h.send("begin s=c x=1404")
        _ = h.send("move s=c x=1500")
        let drawn = h.connection.sessions["c"]!.drawnAt
        #expect(drawn > 1404 && drawn < 1500, "the rubber band past M")
        #expect(DecisionText.motion(h.send("cancel s=c"))?.hasPrefix("from=\(NumberFormat.string(drawn)) v=0 curve=spring ") == true)
        // A release past the end starts where it is drawn, not at the raw offset.
        _ = h.send("begin s=c x=1404")
        let released = h.send("end s=c x=1500 v=0")
        #expect(DecisionText.motion(released)?.hasPrefix("from=\(NumberFormat.string(drawn)) v=0 ") == true)
        // Already there: no motion at all.
        #expect(DecisionText.motion(h.send("cancel s=c")) == "from=1404 v=0 curve=spring omega=0.015707963267948967 ms=0")
        // A goto may say where the content is drawn (it may be moving).
        #expect(DecisionText.motion(h.send("goto s=c index=3 x=1200.5"))?.hasPrefix("from=1200.5 v=0 curve=spring ") == true)
        #expect(DecisionText.motion(h.send("goto s=c index=4"))?.hasPrefix("from=1053 v=0 curve=spring ") == true)
        // Autoplay from the last item wraps to the first: from 1404 to 0.
        _ = h.send("autoplay s=c every=1000")
        #expect(Dispatcher.autoplayPush(session: "c", connection: &h.connection)?.hasSuffix(
            "from=1404 v=0 curve=spring omega=0.015707963267948967 ms=661\n") == true)
    }

    @Test func aLoopMotionStartsAtTheRealItemAfterAJump() {
        var h = Harness()
        _ = h.send("open s=c plugin=carousel viewport=375 item=300 spacing=10 count=4 loop=1 index=3")
        // To the duplicate of item 0, then the jump: the next starts from the real item.
        #expect(h.decide("end s=c x=1520 v=1") == "snap s=c index=0 x=1822.5 mode=decelerate cause=release jump=582.5")
        #expect(DecisionText.motion(h.send("goto s=c index=1"))?.hasPrefix("from=582.5 v=0 ") == true)
        // A re-grab onto a duplicate: the client sets the jump, the content moves with it.
        _ = h.send("goto s=c index=0")
        #expect(h.send("begin s=c x=280") == "began s=c index=3 x=272.5 jump=1512.5")
        #expect(DecisionText.motion(h.send("cancel s=c"))?.hasPrefix("from=1520 v=0 ") == true)
    }

    @Test func pluginOptionsShapeTheMotion() throws {
        var h = try Harness(json: #"""
            {"plugins":[{"name":"slow","strategy":"nearest","options":{"springResponseMs":800,"maxDecayMs":100}},
                        {"name":"springs","strategy":"nearest","options":{"maxDecayMs":0}}]}
            """#)
        _ = h.send("open s=a plugin=slow viewport=375 item=100 count=20")
        // The 407 ms decay is past 100 ms: a spring of period 800.
        #expect(DecisionText.motion(h.send("end s=a x=20 v=1"))?.hasPrefix("from=20 v=1 curve=spring omega=\(NumberFormat.string(2 * Double.pi / 800)) ") == true)
        _ = h.send("open s=b plugin=springs viewport=375 item=100 count=20")
        #expect(DecisionText.motion(h.send("end s=b x=20 v=1"))?.contains("curve=spring") == true)
    }

    @Test(arguments: [
        (#"{"springResponseMs":0}"#, "plugins[0].options.springResponseMs: 0 is out of range: must be above 0, at most 60000 (ms)"),
        (#"{"maxDecayMs":-1}"#, "plugins[0].options.maxDecayMs: -1 is out of range: must be 0 to 60000 (ms; 0 makes every motion a spring)"),
        (#"{"maxDecayMs":"2000"}"#, "plugins[0].options.maxDecayMs: must be a number, 0 to 60000 (ms; 0 makes every motion a spring)"),
    ])
    func optionsOutOfRangeAreConfigErrors(options: String, message: String) {
        let json = #"{"plugins":[{"name":"p","strategy":"flick","options":"# + options + "}]}"
        do {
            _ = try ConfigLoader.load(Array(json.utf8), file: "test.json", directory: nil)
            Issue.record("\(options) must be refused")
        } catch {
            #expect(error.issues.map(\.description).contains { $0.contains(message) }, "\(error.issues)")
        }
    }

    /// `pos(0) = from` and `pos'(0) = v`.
    static func checkStart(_ m: Motion, _ name: String) {
        let scale = max(1, abs(m.from), abs(m.to))
        #expect(abs(m.position(at: 0) - m.from) <= 1e-12 * scale, "\(name)")
        // A motion of 0 ms is a jump to `to`: it has no slope.
        guard m.duration > 0 else { return }
        let h = 1e-6
        let slope = (m.position(at: h) - m.position(at: 0)) / h
        #expect(abs(slope - m.v) <= 1e-3 * max(1, abs(m.v)) + 1e-5 * scale, "\(name): slope \(slope)")
    }

    /// A release so fast for its distance that `exp(-v/D)` underflows
    /// (v/D past 708) gets the spring: a subnormal rate started 0.1% off
    /// `v` (found by the property below, android-pager).
    @Test func aDecayWhoseRateUnderflowsIsASpring() {
        let m = Motion.plan(from: 79.15044479121302, to: 78.650444791213, v: -372.4547688580278, mode: .decelerate,
                            maxDecayMs: 2000, omega: 2 * Double.pi / 400)
        guard case .spring = m.curve else { Issue.record("\(m)"); return }
        let slope = (m.position(at: 1e-6) - m.position(at: 0)) / 1e-6
        #expect(abs(slope - m.v) <= 1e-3 * abs(m.v))
        let normal = Motion.plan(from: 0, to: 1, v: 700, mode: .decelerate, maxDecayMs: 2000, omega: 2 * Double.pi / 400)
        guard case .decay(let rate) = normal.curve else { Issue.record("\(normal)"); return }
        #expect(rate >= Double.leastNormalMagnitude)
    }

    /// The curve's promises, on every decision of random sessions.
    @Test func everyDecisionsMotionStartsRightAndSettlesAtItsDuration() async {
        let seen = Tally()
        await propertyCheck(count: 150, input: StrategyPropertyTests.layouts, StrategyPropertyTests.gestures) { spec, gestures in
            for var session in StrategyPropertyTests.sessions(spec) {
                let options = session.plugin.strategy.common
                for g in gestures {
                    let before = session.drawnAt
                    let (decision, _, _) = StrategyPropertyTests.play(&session, g)
                    let m = decision.motion
                    let name = "\(session.plugin.name) \(decision.cause) \(m)"
                    #expect(m.to == decision.x)
                    if decision.cause != .release {
                        #expect(m.v == 0 && m.from == before, "\(name)")
                    }
                    if session.plugin.strategy.followsDrag {
                        // Its own plan (adwaita's spring and ms: AdwaitaStrategyTests).
                        Self.checkStart(m, name)
                    } else {
                        Self.check(m, mode: decision.mode, maxDecayMs: options.maxDecayMs, omega: options.springOmega, name)
                    }
                    seen.count(m)
                }
            }
        }
        // Not vacuous: thousands of decisions, every kind of path among them.
        #expect(seen.total >= 2000 && seen.decays >= 50 && seen.overshoots >= 20 && seen.still >= 20, "\(seen.summary)")
    }

    /// What the random decisions covered.
    final class Tally: @unchecked Sendable {
        var total = 0, decays = 0, overshoots = 0, still = 0
        var summary: String { "\(total) decisions: \(decays) decays, \(overshoots) springs that overshoot, \(still) at rest" }

        func count(_ m: Motion) {
            total += 1
            if m.duration == 0 { still += 1 }
            switch m.curve {
            case .decay: decays += 1
            case .spring(let w):
                // It passes `to` when `A + B t` changes sign after 0.
                let a = m.from - m.to
                if a != 0, -a / (m.v + w * a) > 0 { overshoots += 1 }
            case .ease, .brake, .instant, .bezier, .path:
                break
            }
        }
    }

    /// `pos(0) = from`, `pos'(0) = v`, within half a point from `ms` on and
    /// not at `ms - 1`; the curve the rule asks for.
    static func check(_ m: Motion, mode: Mode, maxDecayMs: Double, omega: Double, _ name: String) {
        checkStart(m, name)
        #expect(m.distance(at: Double(m.duration)) <= Motion.settled, "\(name)")
        if m.duration > 0 {
            #expect(m.distance(at: Double(m.duration - 1)) > Motion.settled, "\(name): already settled a ms earlier")
        }
        var t = Double(m.duration)
        while t < Double(m.duration) + 2000 {
            if m.distance(at: t) > Motion.settled + 1e-9 {
                Issue.record("\(name): leaves again at \(t)")
                break
            }
            t += 1
        }
        let d = m.to - m.from
        switch m.curve {
        case .decay(let rate):
            #expect(mode == .decelerate && m.v * d > 0 && Double(m.duration) <= maxDecayMs, "\(name)")
            #expect(rate == exp(-m.v / d), "\(name)")
        case .spring(let w):
            #expect(w == omega, "\(name)")
            if mode == .decelerate, m.v * d > 0, abs(d) > Motion.settled, exp(-m.v / d) >= Double.leastNormalMagnitude {
                // The decay would have taken too long.
                let decayMs = abs(d / m.v) * log(2 * abs(d))
                #expect(decayMs > maxDecayMs - 1, "\(name): a decay of \(decayMs) ms was possible")
            }
        case .ease, .brake, .instant, .bezier, .path:
            Issue.record("\(name): the session plans no ease, brake, instant, bezier or path (a strategy's own, or motion=reduced)")
        }
    }

    /// The same gestures in text and in JSON: the same numbers.
    @Test func bothEncodingsCarryTheSameNumbers() async {
        await propertyCheck(count: 100, input: StrategyPropertyTests.gestures, Gen.int(in: 0...6)) { gestures, pluginIndex in
            let plugin = Harness.bundledConfig.plugins[pluginIndex]
            // The first of these the plugin pages: a loop if it loops, cards, a shelf.
            let loop = "viewport=375 item=300 spacing=10 count=4 loop=1"
            let open = [plugin.strategy.layouts.loops ? loop : Harness.cards, Harness.cards,
                        "viewport=375 item=70 count=10 spacing=30 lead=20 contain=pad"].first { geometry in
                var probe = Harness()
                return probe.send("open s=p plugin=\(plugin.name) \(geometry)")?.hasPrefix("opened") == true
            }!
            var text = Harness()
            var json = Harness()
            _ = text.send("open s=c plugin=\(plugin.name) \(open)")
            _ = json.send(Self.json("open s=c plugin=\(plugin.name) \(open)"))
            for g in gestures {
                for line in Self.lines(g) {
                    let a = Self.fields(text.send(line))
                    let b = Self.fields(json.send(Self.json(line)))
                    #expect(a == b, "\(line)")
                }
            }
        }
    }

    /// A gesture as request lines.
    static func lines(_ g: (kind: Int, x: Double, v: Double, moves: [Double], timed: Bool)) -> [String] {
        let n = NumberFormat.string
        switch g.kind {
        case 0: return ["cancel s=c"]
        case 1: return ["goto s=c index=\(Int(abs(g.x)) % 4)"]
        default:
            var lines = ["begin s=c x=\(n(g.moves.first ?? g.x)) t=0"]
            for (i, x) in g.moves.enumerated() { lines.append("move s=c x=\(n(x)) t=\(16 * (i + 1))") }
            lines.append("end s=c x=\(n(g.x))" + (g.kind % 2 == 0 ? " v=\(n(g.v))" : "") + " t=\(16 * (g.moves.count + 1))")
            return lines
        }
    }

    /// A text request as JSON (its values are numbers, words or lists of numbers).
    static func json(_ line: String) -> String {
        let parts = line.split(separator: " ")
        var members = [#""op":"\#(parts[0])""#]
        for field in parts.dropFirst() {
            let (key, value) = field.split(separator: "=", maxSplits: 1).map(String.init).pair
            let encoded = NumberSyntax.parse(value) != nil ? value : #""\#(value)""#
            members.append(#""\#(key)":\#(encoded)"#)
        }
        return "{" + members.joined(separator: ",") + "}"
    }

    /// A reply's verb and fields with values as numbers where they are.
    static func fields(_ reply: String?) -> [String: String] {
        guard let reply, case .request(let line)? = try? LineSyntax.parse(Array(reply.utf8)) else { return ["unparsed": reply ?? "nil"] }
        var out = ["op": line.verb]
        for field in line.fields {
            switch field.value {
            case .text(let text): out[field.key] = NumberSyntax.parse(text).map { "\($0)" } ?? text
            case .json(.number(let value, _)): out[field.key] = "\(value)"
            case .json(.string(let text)): out[field.key] = text
            case .json(let other): out[field.key] = "\(other)"
            }
        }
        return out
    }
}

extension Array {
    fileprivate var pair: (Element, Element) { (self[0], self[1]) }
}
