#if canImport(Glibc)
import Glibc
#endif
import CAllocationCounter
import DetentConfigFiles
import DetentCore

/// `detent bench --in-process`: the cost of one `end` decision per
/// strategy, with 5 and 10,000 items, and its allocations; no socket.
struct InProcessBench {
    /// One plugin only, or every plugin of the config.
    var plugin: String?
    var config: String?
    var json: Bool

    static let iterations = 200_000

    struct Row {
        var plugin: String
        var strategy: String
        var items: Int
        /// Session.end: projection, the strategy's rule, the bookkeeping.
        var decisionNanos: Double
        var decisionAllocations: Double?
        /// The strategy's decide alone.
        var ruleNanos: Double
        var ruleAllocations: Double?
        /// A whole `end` line through the dispatcher, reply text included.
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
            throw CommandFailure(error.description)
        }
        let plugins = plugin.map { name in loaded.plugins.filter { $0.name == name } } ?? loaded.plugins
        guard !plugins.isEmpty else { throw CommandFailure("no plugin \"\(plugin ?? "")\" in the config") }
        var rows: [Row] = []
        for plugin in plugins {
            for items in [5, 10_000] {
                rows.append(try measure(plugin, items: items, config: loaded))
            }
        }
        print(json ? Self.json(rows) : Self.table(rows))
    }

    static func now() -> UInt64 {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return UInt64(time.tv_sec) * 1_000_000_000 + UInt64(time.tv_nsec)
    }

    /// Nanoseconds per call of `body` (best of seven runs, so a busy machine
    /// does not decide a ratio) and allocations per call.
    static func time(_ iterations: Int, _ body: (Int) -> Void) -> (Double, Double?) {
        for i in 0..<10_000 { body(i) }  // warm up
        var best = Double.infinity
        for _ in 0..<7 {
            let start = now()
            for i in 0..<iterations { body(i) }
            best = min(best, Double(now() - start) / Double(iterations))
        }
        guard detent_allocations_available() != 0 else { return (best, nil) }
        detent_allocations_start()
        for i in 0..<10_000 { body(i) }
        let allocations = Double(detent_allocations_stop()) / 10_000
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
        var session = try Self.open(plugin, spec)
        let m = session.layout.geometry.maxOffset
        var state: UInt64 = 42
        let gestures: [(Double, Double)] = (0..<1024).map { _ in
            state = state &* 6364136223846793005 &+ 1442695040888963407
            let x = Double(state >> 11) / Double(1 << 53) * m
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return (x, Double(state >> 11) / Double(1 << 53) * 6 - 3)
        }
        var sink = 0
        let decision = Self.time(Self.iterations) { i in
            let (x, v) = gestures[i & 1023]
            sink &+= session.end(x: x, v: v, target: nil, t: nil).index
        }
        let layout = session.layout
        let strategy = plugin.strategy
        let rule = Self.time(Self.iterations) { i in
            let (x, v) = gestures[i & 1023]
            let release = Release(x: x, v: v, target: x + v * 499)
            if case .snap(let k, _) = strategy.decide(release, layout: layout, from: i % layout.snaps.count) { sink &+= k }
        }
        // The whole line: parse, decode, decide, write the reply.
        let server = ServerState(config: config)
        var connection = ConnectionState()
        connection.sessions["b"] = try Self.open(plugin, spec)
        let lines: [[UInt8]] = gestures.map { Array("end s=b x=\(NumberFormat.string(($0.0 * 10).rounded() / 10)) v=\(NumberFormat.string(($0.1 * 100).rounded() / 100))".utf8) }
        let line = Self.time(Self.iterations / 4) { i in
            lines[i & 1023].withUnsafeBufferPointer { bytes in
                sink &+= Dispatcher.handle(bytes, connection: &connection, server: server).replyBytes?.count ?? 0
            }
        }
        if sink == 42 { print("") }  // keeps the work from being optimised away
        return Row(plugin: plugin.name, strategy: plugin.strategyName, items: items,
                   decisionNanos: decision.0, decisionAllocations: decision.1,
                   ruleNanos: rule.0, ruleAllocations: rule.1,
                   lineNanos: line.0, lineAllocations: line.1)
    }

    static func open(_ plugin: Plugin, _ spec: GeometrySpec) throws -> Session {
        do {
            return try Session(plugin: plugin, geometry: spec, maxItems: 10_000)
        } catch {
            throw CommandFailure("\(plugin.name): \(error.message)")
        }
    }

    static func n(_ value: Double) -> String { NumberFormat.string((value * 10).rounded() / 10) }
    static func a(_ value: Double?) -> String { value.map { NumberFormat.string(($0 * 100).rounded() / 100) } ?? "n/a" }

    static func table(_ rows: [Row]) -> String {
        var out = "one `end` decision in-process (ns per call, best of 7 x \(iterations); allocations per call)\n"
        out += "plugin    strategy   items   decision ns  allocs   rule ns  allocs   line ns  allocs\n"
        for row in rows {
            func pad(_ text: String, _ width: Int) -> String { text + String(repeating: " ", count: max(0, width - text.count)) }
            func lpad(_ text: String, _ width: Int) -> String { String(repeating: " ", count: max(0, width - text.count)) + text }
            out += pad(row.plugin, 10) + pad(row.strategy, 9) + lpad(String(row.items), 7)
            out += lpad(n(row.decisionNanos), 13) + lpad(a(row.decisionAllocations), 8)
            out += lpad(n(row.ruleNanos), 10) + lpad(a(row.ruleAllocations), 8)
            out += lpad(n(row.lineNanos), 10) + lpad(a(row.lineAllocations), 8) + "\n"
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
                + "\"rule_ns\":\(n(row.ruleNanos)),\"rule_allocs\":\(row.ruleAllocations.map { a($0) } ?? "null"),"
                + "\"line_ns\":\(n(row.lineNanos)),\"line_allocs\":\(row.lineAllocations.map { a($0) } ?? "null")}"
        }
        return "[" + items.joined(separator: ",") + "]"
    }
}
