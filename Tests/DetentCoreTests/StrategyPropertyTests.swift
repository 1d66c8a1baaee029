import PropertyBased
import DetentTestSupport
import Testing
@testable import DetentCore

/// docs/strategies.md's guarantees over random layouts and gestures, for every
/// plugin of the bundled plugins.json.
// No shrinking: on a failure the library re-ran the property for 15 minutes
// under ASan before saying anything (CI); the seed it prints reproduces it.
@Suite(.shrinking(false)) struct StrategyPropertyTests {
    /// A random geometry: uniform or varying items, any alignment and
    /// containment, sometimes a loop.
    static let layouts = zip(
        Gen.double(in: 40...900),
        Gen.double(in: 5...400),
        Gen.int(in: 1...40),
        Gen.double(in: 0...40),
        Gen.double(in: 0...80),
        Gen.double(in: 0...80),
        Gen.int(in: 0...2),
        Gen.int(in: 0...5),
        Gen.double(in: 5...400).array(of: 1...25)
    ).map { viewport, item, count, spacing, lead, trail, align, shape, sizes in
        var spec = GeometrySpec()
        spec.viewport = viewport
        spec.spacing = spacing
        spec.lead = lead
        spec.trail = trail
        spec.align = [Align.start, .center, .end][align]
        switch shape {
        case 0: spec.sizes = sizes
        case 1: spec.item = item; spec.count = count; spec.contain = .pad
        case 2: spec.item = item; spec.count = count; spec.loop = true; spec.align = .center
        default: spec.item = item; spec.count = count
        }
        return spec
    }

    /// A random gesture: begin/move samples then an end, or a cancel or goto.
    static let gestures = zip(
        Gen.int(in: 0...9),
        Gen.double(in: -800...20000),
        Gen.double(in: -6...6),
        Gen.double(in: -800...20000).array(of: 0...4),
        Gen.bool
    ).array(of: 1...8)

    /// Every registered strategy with its default options, and the bundled
    /// plugins.json's plugins.
    static let plugins: [Plugin] = StrategyRegistry.all.map { type in
        var reader = OptionReader(file: "-", path: JSONPath(), strategy: type.about.name, members: [])
        return Plugin(name: type.about.name, strategy: StrategyRegistry.make(type, reading: &reader))
    } + Harness.bundledConfig.plugins

    /// Opens a session of each plugin, the geometry made one it pages. Every
    /// random layout is valid, so a refusal fails the test: a property over
    /// no sessions would pass with opening broken.
    static func sessions(_ spec: GeometrySpec) -> [Session] {
        plugins.compactMap { plugin in
            open(plugin, plugin.strategy.layouts.adapt(spec))
        }
    }

    /// The session, or nil with the refusal recorded as a failure.
    static func open(_ plugin: Plugin, _ spec: GeometrySpec) -> Session? {
        do {
            return try Session(plugin: plugin, geometry: spec, maxItems: 10000)
        } catch {
            Issue.record("\(plugin.name) refused \(spec): \(error.message)")
            return nil
        }
    }

    /// Plays a gesture; returns the decision with the resting snap before it
    /// (after any re-grab) and after it.
    static func play(
        _ session: inout Session,
        _ g: (kind: Int, x: Double, v: Double, moves: [Double], timed: Bool)
    ) -> (decision: Decision, from: Int, to: Int) {
        switch g.kind {
        case 0:
            let from = session.resting
            return (session.cancel(), from, session.resting)
        case 1:
            let item = Int(abs(g.x)) % session.layout.geometry.itemCount
            let from = session.resting
            return (try! session.goto(index: Double(item)), from, session.resting)
        default:
            var t = 0.0
            if g.kind > 4 { _ = session.begin(x: g.moves.first ?? g.x, t: g.timed ? t : nil) }
            for x in g.moves {
                t += 16
                _ = session.move(x: x, t: g.timed ? t : nil)
            }
            let from = session.resting
            let decision = try! session.end(x: g.x, v: g.kind % 2 == 0 ? g.v : nil, target: nil, t: g.timed ? t + 16 : nil)
            return (decision, from, session.resting)
        }
    }

    @Test func everyDecisionIsOneOfTheSessionsSnaps() async {
        await propertyCheck(count: 150, input: Self.layouts, Self.gestures) { spec, gestures in
            for var session in Self.sessions(spec) {
                for g in gestures {
                    let (decision, _, to) = Self.play(&session, g)
                    let snaps = session.layout.snaps
                    // Android's strategies rest in whole pixels, within a point of a snap.
                    let tolerance = session.plugin.strategy.restingTolerance
                    let off = abs(snaps.offsets[to] - (decision.jump ?? decision.x))
                    #expect(tolerance == 0 ? snaps.offsets.contains(decision.x) : off < tolerance,
                            "\(session.plugin.name): x \(decision.x) is not a snap")
                    #expect(decision.x.isFinite)
                    #expect(decision.index == snaps.indexes[to] || decision.jump != nil)
                    #expect(off <= tolerance)
                }
            }
        }
    }

    @Test func pageStrategiesAndStopAlwaysMoveAtMostOneSnap() async {
        var config = Harness.bundledConfig
        var always = NearestStrategy.Options()
        always.stop = .always
        config.plugins.append(Plugin(name: "always", strategy: NearestStrategy(options: always)))
        let plugins = config.plugins.filter { ["paging", "peek", "banner", "shelf", "always"].contains($0.name) }
        await propertyCheck(count: 150, input: Self.layouts, Self.gestures) { spec, gestures in
            for plugin in plugins {
                var forPlugin = plugin.strategy.layouts.adapt(spec)
                forPlugin.loop = nil
                guard var session = Self.open(plugin, forPlugin) else { continue }
                for g in gestures where g.0 >= 2 {
                    let (_, from, to) = Self.play(&session, g)
                    #expect(abs(to - from) <= 1, "\(plugin.name): moved from snap \(from) to \(to)")
                }
            }
        }
    }

    @Test func nearestIsMonotonicInVelocity() async {
        let plugin = Harness.bundledConfig.plugin(named: "thumbs")!
        await propertyCheck(count: 200, input: Self.layouts, Gen.double(in: -500...20000), Gen.double(in: -6...6), Gen.double(in: -6...6)) {
            spec, x, v1, v2 in
            var plain = spec
            plain.loop = nil
            guard let session = Self.open(plugin, plain) else { return }
            var slow = session
            var fast = session
            let low = try! slow.end(x: x, v: min(v1, v2), target: nil, t: nil)
            let high = try! fast.end(x: x, v: max(v1, v2), target: nil, t: nil)
            #expect(low.x <= high.x, "v \(min(v1, v2)) rests at \(low.x), v \(max(v1, v2)) at \(high.x)")
        }
    }

    @Test func aLoopJumpLandsOnARealItemWithTheSameLogicalIndex() async {
        let plugin = Harness.bundledConfig.plugin(named: "carousel")!
        await propertyCheck(count: 200, input: Self.layouts, Self.gestures) { spec, gestures in
            var loop = spec
            loop.loop = true
            loop.align = .center
            loop.sizes = nil
            loop.contain = nil
            if loop.item == nil { loop.item = 100; loop.count = 3 }
            guard var session = Self.open(plugin, loop) else { return }
            let snaps = session.layout.snaps
            let count = snaps.loopCount!
            for g in gestures {
                let (decision, _, to) = Self.play(&session, g)
                #expect(!snaps.isDuplicate(to), "k0 must be a real item")
                #expect(snaps.indexes[to] == decision.index)
                if let jump = decision.jump {
                    let landed = snaps.offsets.firstIndex(of: decision.x)!
                    #expect(snaps.isDuplicate(landed))
                    #expect(snaps.indexes[landed] == decision.index)
                    #expect(jump == snaps.offsets[decision.index + 2])
                    #expect(landed >= 1 && landed <= count + 2, "the outermost duplicates only peek")
                }
            }
        }
    }

    @Test func padMakesTheLastSnapTheEndOfThePaddedContent() async {
        await propertyCheck(count: 200, input: Self.layouts) { spec in
            var padded = spec
            padded.contain = .pad
            padded.loop = nil
            for session in Self.sessions(padded) where session.plugin.strategy.layouts.pads {
                let snaps = session.layout.snaps
                let m = session.layout.geometry.maxOffset
                guard let pad = snaps.pad, let last = snaps.offsets.last else {
                    Issue.record("\(session.plugin.name): contain=pad must report pad")
                    continue
                }
                #expect(pad >= 0)
                // Unless no offset reaches M (then pad is 0 and all are kept).
                #expect(Tolerance.same(last, m + pad) || (pad == 0 && last < m), "\(session.plugin.name): last \(last), M \(m), pad \(pad)")
                #expect(snaps.upperEnd == m + pad)
            }
        }
    }

    @Test func extremeInputsNeverTrap() async {
        let extremes = Gen.element(of: [0, -0.0, Double.leastNonzeroMagnitude, -1e308, 1e308, 1e15, -1e15, 0.5, 1e9]).map { $0 ?? 0 }
        await propertyCheck(count: 300, input: Self.layouts, extremes, extremes, extremes) { spec, x, v, target in
            for var session in Self.sessions(spec) {
                _ = session.begin(x: x, t: v)
                let drawn = session.move(x: -x, t: target)
                #expect(drawn.isFinite)
                let decision = try! session.end(x: x, v: v, target: target, t: x)
                #expect(decision.x.isFinite)
                _ = try! session.end(x: x, v: nil, target: nil, t: nil)
                _ = session.autoplayStep()
            }
        }
    }

    /// Extreme geometries (a vanishing item beside a long trail, a huge
    /// lead, a huge viewport) under every bundled plugin, through the
    /// dispatcher: no trap (`Int(someDouble)` traps on what does not fit),
    /// and every reply reads back.
    @Test func extremeGeometriesNeverTrap() {
        let geometries = [
            "viewport=10 item=1e-300 count=5 spacing=0 lead=0 trail=1000",
            "viewport=10 item=1e-300 count=5 spacing=1e-300 lead=1e300 trail=1e300",
            "viewport=1e300 item=1 count=10000 spacing=0",
            "viewport=1 item=1e300 count=3 spacing=1e300 lead=1e300 trail=0",
        ]
        var opened = 0
        for plugin in Harness.bundledConfig.pluginNames {
            for geometry in geometries {
                var h = Harness()
                guard h.send("open s=g plugin=\(plugin) \(geometry)")?.hasPrefix("opened ") == true else { continue }
                opened += 1
                for (x, v) in [("0", "0"), ("990", "1"), ("1e300", "-8"), ("-1e300", "8"), ("5e-301", "0.3")] {
                    _ = h.send("begin s=g x=\(x) t=0")
                    _ = h.send("move s=g x=\(x) t=50")
                    let reply = h.send("end s=g x=\(x) v=\(v) t=100") ?? ""
                    #expect(ReplyCheck.problem(reply + "\n") == nil, "\(plugin) on \(geometry): end x=\(x) v=\(v): \(reply)")
                }
            }
        }
        #expect(opened >= 30, "enough sessions opened (\(opened))")
    }
}
