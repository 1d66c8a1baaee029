import DetentCore

/// What every strategy must keep, built-in or loaded, checked on random
/// geometries (made ones it pages, by its own `layouts`) and gestures from
/// a seeded generator: each decision rests on one of the session's snaps
/// (or, for a free stop, inside the ends), reports an item that exists,
/// carries finite numbers and a motion that starts where it says and
/// settles at its duration. Returns how many decisions were checked and
/// what broke (empty when nothing did).
public enum StrategyInvariants {
    public static func check(_ plugin: Plugin, geometries: Int = 120, seed: UInt64 = 1) -> (decisions: Int, violations: [String]) {
        var random = SeededGenerator(seed: seed)
        var found: [String] = []
        var decisions = 0
        for _ in 0..<geometries where found.count < 5 {
            let spec = plugin.strategy.layouts.adapt(randomSpec(&random))
            guard var session = try? Session(plugin: plugin, geometry: spec, maxItems: 10_000) else { continue }
            for _ in 0..<8 {
                let decision: Decision
                let gesture: String
                switch random.next() % 10 {
                case 0:
                    gesture = "cancel"
                    decision = session.cancel()
                case 1:
                    let item = Int(random.next() % UInt64(session.layout.geometry.itemCount))
                    gesture = "goto \(item)"
                    guard let made = try? session.goto(index: Double(item)) else { found.append("\(plugin.name): goto \(item) refused"); continue }
                    decision = made
                default:
                    let x = random.unit() * (session.layout.geometry.maxOffset + 800) - 400
                    let v = random.unit() * 12 - 6
                    gesture = "end x=\(x) v=\(v)"
                    do {
                        decision = try session.end(x: x, v: v, target: nil, t: nil)
                    } catch {
                        found.append("\(plugin.name): \(gesture) failed: \(error.message)")
                        continue
                    }
                }
                decisions += 1
                if let problem = problem(decision, in: session) { found.append("\(plugin.name) on \(spec): \(gesture): \(problem)") }
            }
        }
        return (decisions, found)
    }

    static func problem(_ d: Decision, in session: Session) -> String? {
        let snaps = session.layout.snaps
        guard d.x.isFinite, d.motion.from.isFinite, d.motion.v.isFinite else { return "a number that is not finite" }
        if d.jump == nil, !snaps.offsets.contains(d.x), !(d.x >= snaps.lowerEnd && d.x <= snaps.upperEnd) {
            return "x \(d.x) is neither a snap nor inside the ends"
        }
        guard d.index >= 0, d.index < session.layout.geometry.itemCount else { return "index \(d.index) is not an item" }
        guard session.drawnAt == (d.jump ?? d.x) else { return "rests at \(session.drawnAt), not \(d.jump ?? d.x)" }
        let m = d.motion
        guard abs(m.position(at: 0) - m.from) <= 1e-9 * max(1, abs(m.from)) else { return "the motion does not start at from" }
        let strategy = session.plugin.strategy
        if strategy.followsDrag {
            // Its own motion, settled by its own rule (adwaita: a thousandth of a page).
            // (A release's ease or brake is the follower's, as css-snap's path
            // and ease-in-out Bézier are: it ends exactly on x.)
            let own = strategy.motion(from: m.from, to: m.to, v: m.v, mode: d.mode, layout: session.layout)
            switch m.curve {
            case .ease, .brake, .path, .bezier(.easeInOut):
                guard m.position(at: Double(m.duration)) == m.to else { return "the motion does not end on x at ms" }
            default:
                guard own == m else { return "the motion is not the strategy's own" }
            }
        } else {
            guard abs(m.position(at: Double(m.duration)) - m.to) <= Motion.settled else { return "the motion is not settled at ms" }
        }
        return nil
    }

    static func randomSpec(_ random: inout SeededGenerator) -> GeometrySpec {
        var spec = GeometrySpec()
        spec.viewport = 40 + random.unit() * 860
        spec.spacing = random.unit() * 40
        spec.lead = random.unit() * 80
        spec.trail = random.unit() * 80
        spec.align = [Align.start, .center, .end][Int(random.next() % 3)]
        switch random.next() % 5 {
        case 0: spec.sizes = (0..<Int(1 + random.next() % 25)).map { _ in 5 + random.unit() * 395 }
        case 1: spec.points = (0..<Int(1 + random.next() % 12)).reduce(into: [Double]()) { points, _ in
            points.append((points.last ?? -200) + 1 + random.unit() * 300)
        }
        case 2: spec.item = 5 + random.unit() * 395; spec.count = Int(1 + random.next() % 40); spec.loop = true
        case 3: spec.item = 5 + random.unit() * 395; spec.count = Int(1 + random.next() % 40); spec.contain = .pad
        default: spec.item = 5 + random.unit() * 395; spec.count = Int(1 + random.next() % 40)
        }
        if spec.points != nil { spec.spacing = nil; spec.lead = nil; spec.trail = nil; spec.align = nil }
        return spec
    }
}
