import Foundation
import Testing
@testable import DetentCore

/// Every recorded sequence of Tests/CssSnap/fixtures (Chromium 156: 120 of
/// real notches, 112 of keys, `scrollBy` and precise wheels) replayed
/// through the css-snap core's rules from its inputs' own times: each must
/// rest exactly where Chromium did.
@Suite struct CssSnapReplayTests {
    struct Geometry {
        let points: CssSnapPoints
        let max: Double
    }

    struct Sequence {
        let name: String, source: String, start: Double, rest: Double, atRest: Bool
        let inputs: [[String: Any]]
        let frames: [(Double, Double)]
    }

    static var fixtures: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("CssSnap/fixtures")
    }

    static func load(_ file: String) throws -> ([String: Geometry], [(String, Sequence)]) {
        let text = try String(contentsOf: fixtures.appendingPathComponent(file), encoding: .utf8)
        var geometries: [String: Geometry] = [:], sequences: [(String, Sequence)] = []
        for line in text.split(separator: "\n") {
            let d = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
            let geometry = try #require(d["geometry"] as? String)
            if let frames = d["frames"] as? [[Double]] {
                sequences.append((geometry, Sequence(
                    name: try #require(d["sequence"] as? String), source: try #require(d["source"] as? String),
                    start: try #require(d["start"] as? Double), rest: try #require(d["rest"] as? Double),
                    atRest: try #require(d["at_rest"] as? Bool),
                    inputs: try #require(d["inputs"] as? [[String: Any]]),
                    frames: frames.map { ($0[0], $0[1]) })))
            } else {
                let points = try #require(d["points"] as? [Double])
                let stops = try #require(d["snapstop"] as? [Int])
                geometries[geometry] = Geometry(points: try #require(CssSnapPoints(points, stops: stops)),
                                                max: try #require(d["max"] as? Double))
            }
        }
        return (geometries, sequences)
    }

    /// scrollLeft as the page saw it at `t`: the last frame at or before it.
    static func position(_ s: Sequence, at t: Double) -> Double {
        s.frames.last { $0.0 <= t }?.1 ?? s.start
    }

    /// Where the rules put a sequence: notches through `CssSnapWheel` (the
    /// snap one frame, 17 ms, after the wheel's animation); keys from the
    /// page's position when the key came (Direction, whole pixels);
    /// `scrollBy` from its `scrollLeft` (EndAndDirection); a precise wheel
    /// from where it jumped (EndPosition; events within 100 ms add up).
    static func predict(_ s: Sequence, _ g: Geometry) throws -> Double {
        let inputs = s.inputs.filter { $0["kind"] as? String != "scrollend" }
        if s.source == "xvfb" {
            var wheel = CssSnapWheel(points: g.points, start: s.start, max: g.max)
            for i in inputs where i["kind"] as? String == "wheel" {
                wheel.notch(at: try #require(i["t"] as? Double), dx: try #require(i["dx"] as? Double))
            }
            wheel.finish()
            return wheel.rest
        }
        var target: Double? = nil, preciseX: Double? = nil, lastPrecise = -1e9
        for i in inputs {
            let t = try #require(i["t"] as? Double)
            let x = position(s, at: t)
            switch i["kind"] as? String {
            case "wheel":
                let base = t - lastPrecise < 100 ? (preciseX ?? x) : x
                let jumped = min(max(base + (try #require(i["dx"] as? Double)), 0), g.max)
                preciseX = jumped
                lastPrecise = t
                target = g.points.select(.endPosition, from: jumped, fractional: true)
            case "key":
                let key = try #require(i["key"] as? String)
                guard key == "ArrowRight" || key == "ArrowLeft" else { continue }  // Home, End, PageDown: no move
                target = CssSnapProgrammatic.key(forward: key == "ArrowRight", from: x, in: g.points)
            case "scrollby":
                target = CssSnapProgrammatic.scrollBy(try #require(i["d"] as? Double),
                                                      from: try #require(i["x"] as? Double), in: g.points)
            default:
                Issue.record("\(s.name): unknown input \(i)")
            }
        }
        return target ?? s.start
    }

    func replay(_ file: String, expecting count: Int) throws {
        let (geometries, sequences) = try Self.load(file)
        #expect(sequences.count == count)
        var good = 0
        for (name, s) in sequences {
            let g = try #require(geometries[name], "\(file): no geometry line for \(name)")
            let want = try Self.predict(s, g)
            #expect(s.atRest, "\(name)/\(s.name) not at rest")
            #expect(want == s.rest, "\(name)/\(s.name): recorded \(s.rest), rules \(want)")
            if want == s.rest && s.atRest { good += 1 }
        }
        #expect(good == count)
    }

    @Test func everyNotchSequenceRestsWhereChromiumDid() throws {
        try replay("notches.jsonl", expecting: 120)
    }

    @Test func everyKeyScrollByAndPreciseWheelRestsWhereChromiumDid() throws {
        try replay("headless.jsonl", expecting: 112)
    }

    /// The 32 single keys and `scrollBy` calls that move: `CssSnapProgrammatic`'s
    /// segment (cubic-bezier(0.4, 0, 0, 1) over sqrt(d) frames) draws every
    /// recorded frame within 0.6 px RMS from its best start (scanned in
    /// 0.25 ms steps up to 200 ms after the input: a loaded machine started
    /// one 135 ms late), where the ease-in-out over the same time is off by
    /// more than 10 (FACTS.md: 0.27 and 16 to 28 px). scrollLeft reads whole
    /// pixels: the floor is about 0.29 px.
    @Test func keysAndScrollByDrawChromiumsFrames() throws {
        let (geometries, sequences) = try Self.load("headless.jsonl")
        var checked = 0
        for (name, s) in sequences {
            let inputs = s.inputs.filter { $0["kind"] as? String != "scrollend" }
            guard inputs.count == 1, let kind = inputs[0]["kind"] as? String,
                  kind == "key" || kind == "scrollby", s.rest != s.start else { continue }
            _ = try #require(geometries[name])
            let t0 = try #require(inputs[0]["t"] as? Double)
            let drawn = try #require(CssSnapProgrammatic.segment(to: s.rest, from: s.start, at: t0))
            func best(_ curve: CubicBezier) -> Double {
                stride(from: t0 - 10, through: t0 + 200, by: 0.25).map { start -> Double in
                    var seg = drawn
                    seg.start = start
                    seg.curve = curve
                    let sum = s.frames.reduce(0.0) { $0 + pow(seg.position(at: $1.0) - $1.1, 2) }
                    return (sum / Double(s.frames.count)).squareRoot()
                }.min()!
            }
            let programmatic = best(drawn.curve), easeInOut = best(.easeInOut)
            #expect(programmatic < 0.6, "\(name)/\(s.name): \(programmatic) px RMS")
            #expect(easeInOut > 10, "\(name)/\(s.name): ease-in-out \(easeInOut) px RMS")
            checked += 1
        }
        #expect(checked == 32)
    }

    /// The page's own layout (`css`: widths, gap, align, scroll-padding-left,
    /// snap-stop areas) gives, through `CssSnapPoints.fromAreas`, exactly the
    /// points and snap-stops Chromium's page computed and the recorder
    /// checked live, for the four geometries of both recordings.
    @Test func areasGiveThePointsThePageChecked() throws {
        var checked = 0
        for file in ["notches.jsonl", "headless.jsonl"] {
            let text = try String(contentsOf: Self.fixtures.appendingPathComponent(file), encoding: .utf8)
            for line in text.split(separator: "\n") {
                let d = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
                guard let css = d["css"] as? [String: Any] else { continue }
                let align: CssSnapPoints.Align = switch css["align"] as? String {
                case "center": .center
                case "end": .end
                default: .start
                }
                let widths = try #require(css["widths"] as? [Double])
                let viewport = try #require(css["viewport"] as? Double)
                let got = try #require(CssSnapPoints.fromAreas(
                    sizes: widths, spacing: css["gap"] as? Double ?? 0, viewport: viewport, align: align,
                    paddingStart: css["padding"] as? Double ?? 0, stops: css["stops"] as? [Int] ?? []))
                let points = try #require(d["points"] as? [Double]), stops = try #require(d["snapstop"] as? [Int])
                let want = try #require(CssSnapPoints(points, stops: stops))
                #expect(got == want, "\(file) \(d["geometry"] ?? "?")")
                #expect(CssSnapPoints.maxOffset(sizes: widths, spacing: css["gap"] as? Double ?? 0, viewport: viewport)
                        == d["max"] as? Double)
                checked += 1
            }
        }
        #expect(checked == 8)
    }
}
