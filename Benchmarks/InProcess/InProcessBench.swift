#if canImport(Glibc)
import Glibc
#endif
import CAllocationCounter
import DetentPOSIX
import DetentCore

/// `detent-bench`: the cost of one `end` decision per
/// strategy, with 5 and 10,000 items, and its allocations; no socket.
struct InProcessBench {
    /// One plugin only, or every plugin of the config.
    var plugin: String?
    var config: String?
    var json: Bool

    /// Calls per timing run (`--iterations`).
    var iterations = 100_000
    static let rounds = 3

    struct Row {
        var plugin: String
        var strategy: String
        var items: Int
        /// Session.end: projection, the strategy's rule, the bookkeeping.
        var decisionNanos: Double
        var decisionAllocations: Double?
        /// The same with releases anywhere in the content (cache-cold).
        var anywhereNanos: Double
        /// The strategy's decide alone.
        var ruleNanos: Double
        var ruleAllocations: Double?
        /// A whole `end` line through the dispatcher, its reply written into a reused output buffer.
        var lineNanos: Double
        var lineAllocations: Double?
    }

    func run() throws {
        let loaded: Config
        do {
            loaded = config == nil
                ? try ConfigLoader.load(Array(EmbeddedConfig.json.utf8), file: EmbeddedConfig.name, directory: nil)
                : try ConfigFile.load(config!)
        } catch {
            throw BenchFailure(error.description)
        }
        let plugins = plugin.map { name in loaded.plugins.filter { $0.name == name } } ?? loaded.plugins
        guard !plugins.isEmpty else { throw BenchFailure("no plugin \"\(plugin ?? "")\" in the config") }
        // Rounds over every cell, keeping each cell's best: a busy moment of
        // the machine then costs one round of one cell, not the ratio.
        var rows: [Row] = []
        for round in 0..<Self.rounds {
            var index = 0
            for plugin in plugins {
                for items in [5, 10_000] {
                    let row = try measure(plugin, items: items, config: loaded)
                    if round == 0 {
                        rows.append(row)
                    } else {
                        rows[index].decisionNanos = min(rows[index].decisionNanos, row.decisionNanos)
                        rows[index].anywhereNanos = min(rows[index].anywhereNanos, row.anywhereNanos)
                        rows[index].ruleNanos = min(rows[index].ruleNanos, row.ruleNanos)
                        rows[index].lineNanos = min(rows[index].lineNanos, row.lineNanos)
                    }
                    index += 1
                }
            }
        }
        print(json ? Self.json(rows) : table(rows))
    }

    static func now() -> UInt64 {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return UInt64(time.tv_sec) * 1_000_000_000 + UInt64(time.tv_nsec)
    }

    /// Nanoseconds per call of `body` (best of five runs) and allocations per call.
    static func time(_ iterations: Int, _ body: (Int) -> Void) -> (Double, Double?) {
        for i in 0..<min(10_000, iterations) { body(i) }  // warm up
        var best = Double.infinity
        for _ in 0..<5 {
            let start = now()
            for i in 0..<iterations { body(i) }
            best = min(best, Double(now() - start) / Double(iterations))
        }
        guard detent_allocations_available() != 0 else { return (best, nil) }
        detent_allocations_start()
        let counted = min(10_000, iterations)
        for i in 0..<counted { body(i) }
        let allocations = Double(detent_allocations_stop()) / Double(counted)
        return (best, allocations)
    }

    func measure(_ plugin: Plugin, items: Int, config: Config) throws -> Row {
        var spec = GeometrySpec()
        spec.viewport = 375
        spec.item = 343
        spec.count = items
        spec.spacing = 8
        spec.lead = 16
        spec.trail = 16
        if plugin.strategy.layouts.pagesOnly {
            // A toolkit's pager (adwaita, qt-swipeview) pages whole viewports.
            // It follows the drag: a bare `end` is a drag that never took hold.
            spec.item = 375
            spec.lead = nil
            spec.trail = nil
        }
        var session = try Self.open(plugin, spec)
        // Drags as a finger makes them: released within two cards of where
        // the collection rests, at any velocity. (Offsets drawn across all
        // of 10,000 items would measure cache misses on 80 KB of snaps
        // rather than the decision; BENCHMARKS.md gives both.)
        var state: UInt64 = 42
        let gestures: [(Double, Double)] = (0..<1024).map { _ in
            state = state &* 6364136223846793005 &+ 1442695040888963407
            let dx = (Double(state >> 11) / Double(1 << 53) * 4 - 2) * 351
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return (dx, Double(state >> 11) / Double(1 << 53) * 6 - 3)
        }
        let m = session.layout.geometry.maxOffset
        var sink = 0
        // A loaded strategy may fail; a run with failures measures nothing.
        var failed: ProtocolError?
        let decision = Self.time(iterations) { i in
            let (dx, v) = gestures[i & 1023]
            let x = min(max(session.restingOffset + dx, 0), m)
            do throws(ProtocolError) { sink &+= try session.end(x: x, v: v, target: nil, t: nil).index } catch { failed = error }
        }
        var spread = try Self.open(plugin, spec)
        let anywhere = Self.time(iterations) { i in
            let (dx, v) = gestures[i & 1023]
            let x = Double((i &* 2654435761) % 1_000_003) / 1_000_003 * m + dx * 0
            do throws(ProtocolError) { sink &+= try spread.end(x: x, v: v, target: nil, t: nil).index } catch { failed = error }
        }
        let layout = session.layout
        let strategy = plugin.strategy
        let rule = Self.time(iterations) { i in
            let (dx, v) = gestures[i & 1023]
            let x = min(max(layout.snaps.offsets[i % layout.snaps.count] + dx, 0), m)
            let release = Release(x: x, v: v, target: x + v * 499)
            do throws(ProtocolError) {
                if case .snap(let k, _) = try strategy.decide(release, layout: layout, from: i % layout.snaps.count) { sink &+= k }
            } catch {
                failed = error
            }
        }
        if let failed { throw BenchFailure("\(plugin.name): a decision failed: \(failed.message)") }
        // The whole line: parse, decode, decide, write the reply.
        let server = ServerState(config: config)
        var connection = ConnectionState()
        connection.sessions["b"] = try Self.open(plugin, spec)
        let lines: [[UInt8]] = gestures.enumerated().map { i, gesture in
            let x = min(max(Double(i % 5) * 351 + gesture.0, 0), m)
            return Array("end s=b x=\(NumberFormat.string((x * 10).rounded() / 10)) v=\(NumberFormat.string((gesture.1 * 100).rounded() / 100))".utf8)
        }
        // The reply goes into an output buffer kept across lines, as a
        // connection's is: a line in steady state allocates nothing.
        let output = ReplyBuffer()
        let line = Self.time(max(1, iterations / 4)) { i in
            output.removeAll()
            lines[i & 1023].withUnsafeBufferPointer { bytes in
                _ = Dispatcher.answer(bytes, connection: &connection, server: server, output: output)
            }
            sink &+= output.count
        }
        if sink == 42 { print("") }  // keeps the work from being optimised away
        return Row(plugin: plugin.name, strategy: plugin.strategyName, items: items,
                   decisionNanos: decision.0, decisionAllocations: decision.1, anywhereNanos: anywhere.0,
                   ruleNanos: rule.0, ruleAllocations: rule.1,
                   lineNanos: line.0, lineAllocations: line.1)
    }

    static func open(_ plugin: Plugin, _ spec: GeometrySpec) throws -> Session {
        do {
            return try Session(plugin: plugin, geometry: spec, maxItems: 10_000)
        } catch {
            throw BenchFailure("\(plugin.name): \(error.message)")
        }
    }

    static func n(_ value: Double) -> String { NumberFormat.string((value * 10).rounded() / 10) }
    static func a(_ value: Double?) -> String { value.map { NumberFormat.string(($0 * 100).rounded() / 100) } ?? "n/a" }

    func table(_ rows: [Row]) -> String {
        func pad(_ text: String, _ width: Int) -> String { text + String(repeating: " ", count: max(0, width - text.count)) }
        func lpad(_ text: String, _ width: Int) -> String { String(repeating: " ", count: max(0, width - text.count)) + text }
        let pluginWidth = max(10, (rows.map(\.plugin.count).max() ?? 0) + 2)
        let strategyWidth = max(9, (rows.map(\.strategy.count).max() ?? 0) + 2)
        var out = "one `end` decision in-process (ns per call, best of 3 rounds x 5 runs x \(iterations); allocations per call)\n"
        out += pad("plugin", pluginWidth) + pad("strategy", strategyWidth)
            + "items   decision ns  allocs  anywhere ns   rule ns  allocs   line ns  allocs\n"
        for row in rows {
            out += pad(row.plugin, pluginWidth) + pad(row.strategy, strategyWidth) + lpad(String(row.items), 5)
            out += lpad(Self.n(row.decisionNanos), 13) + lpad(Self.a(row.decisionAllocations), 8) + lpad(Self.n(row.anywhereNanos), 13)
            out += lpad(Self.n(row.ruleNanos), 10) + lpad(Self.a(row.ruleAllocations), 8)
            out += lpad(Self.n(row.lineNanos), 10) + lpad(Self.a(row.lineAllocations), 8) + "\n"
        }
        var ratios: [String] = []
        for pair in stride(from: 0, to: rows.count - 1, by: 2) where rows[pair].plugin == rows[pair + 1].plugin {
            ratios.append("\(rows[pair].plugin) \(NumberFormat.string((rows[pair + 1].decisionNanos / rows[pair].decisionNanos * 100).rounded() / 100))")
        }
        out += "10,000 items / 5 items (decision): " + ratios.joined(separator: ", ")
        return out
    }

    static func json(_ rows: [Row]) -> String {
        let items = rows.map { row in
            "{\"plugin\":\"\(row.plugin)\",\"strategy\":\"\(row.strategy)\",\"items\":\(row.items),"
                + "\"decision_ns\":\(n(row.decisionNanos)),\"decision_allocs\":\(row.decisionAllocations.map { a($0) } ?? "null"),"
                + "\"anywhere_ns\":\(n(row.anywhereNanos)),"
                + "\"rule_ns\":\(n(row.ruleNanos)),\"rule_allocs\":\(row.ruleAllocations.map { a($0) } ?? "null"),"
                + "\"line_ns\":\(n(row.lineNanos)),\"line_allocs\":\(row.lineAllocations.map { a($0) } ?? "null")}"
        }
        return "[" + items.joined(separator: ",") + "]"
    }
}
