import ArgumentParser
import DetentClient
import DetentCore

/// `detent motion`: the path a client draws for a decision.
struct MotionCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "motion",
        abstract: "Print the path a client draws for snap lines: the offset every frame.",
        discussion: """
            Every snap line ends with its motion: from, v, curve and its fields, ms \
            (detent-protocol(7), "Motion"): decay (rate), spring (omega), ease, brake \
            (accel, stop, aim), none, bezier (p1x p1y p2x p2y: a CSS cubic-bezier over \
            ms, solved as Chromium solves it) or path (path: segments \
            at/span/from/to/p1x/p1y/p2x/p2y, each a cubic-bezier of its own). This \
            prints where the content is drawn at each frame of it, as the client \
            library computes it, so a client in another language can check its own \
            drawing. Lines come as arguments or, without any, one per line on stdin; \
            text or JSON.

            Examples:
              detent motion 'snap s=c index=1 x=351 mode=animate cause=release from=90 v=1.4 curve=spring omega=0.015707963267948967 ms=516'
              detent motion --at 100 'snap s=cs index=1 x=300 mode=animate cause=step from=0 v=0 curve=bezier p1x=0.4 p1y=0 p2x=0 p2y=1 ms=289'
              detent send 'open s=c viewport=375 item=100 count=9' 'end s=c x=20 v=1' | tail -1 | detent motion --step 100
              detent motion --json --at 0,0.5,16 < replies.txt
            """
    )

    @Option(help: ArgumentHelp("Milliseconds between frames.", valueName: "ms"))
    var step = 1000.0 / 60

    @Option(help: ArgumentHelp("Print the offset at these times (ms, comma-separated) instead of every frame.", valueName: "t,t,..."))
    var at: String?

    @Flag(help: "One JSON object per line: {\"t\":[...],\"x\":[...]}.")
    var json = false

    @Argument(help: ArgumentHelp("snap lines (else stdin).", valueName: "line"))
    var lines: [String] = []

    func validate() throws {
        guard step.isFinite, step > 0 else { throw ValidationError("--step must be a number of ms above 0") }
        if let at, times(at) == nil { throw ValidationError("--at takes numbers separated by commas, e.g. --at 0,16,33.3") }
    }

    func times(_ list: String) -> [Double]? {
        let times = list.split(separator: ",").map { NumberSyntax.parse($0) }
        guard !times.isEmpty, times.allSatisfy({ $0?.isFinite == true }) else { return nil }
        return times.map { $0! }
    }

    func run() throws {
        let input = lines.isEmpty ? Array(AnyIterator { Swift.readLine() }) : lines
        for (number, line) in input.enumerated() where !line.allSatisfy({ $0 == " " }) {
            let motion: Motion
            do throws(DetentClientError) {
                motion = try Reply(line).decision().motion
            } catch {
                let source = lines.isEmpty ? "stdin line \(number + 1)" : "argument \(number + 1)"
                // The line, and why its motion does not read when it says so.
                guard case .unexpectedReply(let why) = error, why.hasPrefix(line) else {
                    throw CommandFailure("\(source): not a snap line with its motion: \(line)")
                }
                throw CommandFailure("\(source): not a snap line with its motion: \(why)")
            }
            let ts = at.flatMap(times) ?? frames(motion)
            let xs = ts.map { motion.position(at: $0) }
            if json {
                let n = { (values: [Double]) in values.map(NumberFormat.string).joined(separator: ",") }
                print("{\"t\":[\(n(ts))],\"x\":[\(n(xs))]}")
            } else {
                print(describe(motion))
                for (t, x) in zip(ts, xs) { print(pad(NumberFormat.string((t * 10).rounded() / 10), 10) + "  " + NumberFormat.string(x)) }
            }
        }
    }

    /// Every frame from 0 to the duration, the duration last.
    func frames(_ motion: Motion) -> [Double] {
        var ts: [Double] = []
        var t = 0.0
        while t < Double(motion.duration) {
            ts.append(t)
            t += step
        }
        ts.append(Double(motion.duration))
        return ts
    }

    func describe(_ m: Motion) -> String {
        let curve: String
        switch m.curve {
        case .decay(let rate): curve = "decay (rate \(NumberFormat.string(rate)) per ms)"
        case .spring(let omega): curve = "spring (omega \(NumberFormat.string(omega)) per ms)"
        case .ease: curve = "ease (InOutQuad over \(m.duration) ms)"
        case .instant: curve = "none (drawn at once: reduced motion)"
        case .bezier(let b):
            let points = [b.p1x, b.p1y, b.p2x, b.p2y].map(NumberFormat.string).joined(separator: ", ")
            curve = "bezier (cubic-bezier(\(points)) over \(m.duration) ms)"
        case .path(let segments):
            let end = segments.last.map { NumberFormat.string($0.end) } ?? "0"
            curve = "path (\(segments.count) cubic-bezier segment\(segments.count == 1 ? "" : "s"), the last ending at \(end) ms)"
        case .brake(let accel, let stop, let aim):
            let reaim = aim > 0 ? ", re-aimed at \(NumberFormat.string(aim)) ms" : ""
            curve = "brake (\(NumberFormat.string(accel)) pt/ms² to \(stop) ms\(reaim), then an ease)"
        }
        return "\(curve) from \(NumberFormat.string(m.from)) to \(NumberFormat.string(m.to)) at \(NumberFormat.string(m.v)) pt/ms, "
            + "\(m.duration) ms; then \(NumberFormat.string(m.to))\n      t ms  offset"
    }

    func pad(_ text: String, _ width: Int) -> String { String(repeating: " ", count: max(0, width - text.count)) + text }
}
