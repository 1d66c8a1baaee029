import DetentTestSupport
import Testing
@testable import DetentCore

/// No line traps the dispatcher, and every line but blanks and comments gets
/// exactly one well-formed reply line.
@Suite struct DispatcherRobustnessTests {
    /// Deterministic, so a failure reproduces.
    typealias Generator = SeededGenerator

    static let words = [
        "open", "layout", "begin", "move", "end", "cancel", "goto", "autoplay", "close", "stats", "ping", "hello",
        "plugins", "quit", "s=a", "s=b", "x=", "v=", "t=", "index=", "count=", "item=", "viewport=", "sizes=", "points=",
        "spacing=", "lead=", "trail=", "align=", "contain=", "loop=", "axis=", "target=", "every=", "plugin=", "id=",
        "1e999", "-0", "1e-320", "12345678901234567890", "nan", "inf", "0", "1", "2.5", "-1", "375", "343", "1,2,3",
        "center", "pad", "trim", "\"", "\\", "{", "}", "[", "]", ":", ",", "\"op\"", "=", "#", "\t", "\r", "\u{0}", "é",
        "paging", "cards", "peek", "0,0", "5,1", "1e308", "-1e308", "true", "null",
    ]

    static let numbers = ["0", "-0", "1", "-1", "0.5", "1e-320", "1e308", "-1e308", "351", "1404", "3", "1e15", "-7.25", "2e0"]

    /// A well-formed request of a session verb with extreme numbers.
    func structuredLine(_ g: inout Generator) -> [UInt8] {
        let verbs = Verb.all.filter { $0.namesSession && $0.name != "open" && $0.name != "close" }
        let verb = verbs[Int(g.next() % UInt64(verbs.count))]
        var text = verb.name + " s=" + (g.next() % 2 == 0 ? "a" : "b")
        for key in verb.keys where key != .s && key != .id && (verb.requiredKeys.contains(key) || g.next() % 3 == 0) {
            let value: String
            switch key {
            case .sizes, .points: value = "1,2,400"
            case .align: value = "center"
            case .contain: value = g.next() % 2 == 0 ? "pad" : "trim"
            case .axis: value = "y"
            case .loop: value = "0"
            case .count: value = "5"
            case .item: value = "100"
            case .viewport: value = "375"
            case .index: value = String(g.next() % 6)
            case .every: value = "0"
            default: value = Self.numbers[Int(g.next() % UInt64(Self.numbers.count))]
            }
            text += " \(key.rawValue)=\(value)"
        }
        return Array(text.utf8)
    }

    func randomLine(_ g: inout Generator) -> [UInt8] {
        if g.next() % 2 == 0 { return structuredLine(&g) }
        if g.next() % 10 == 0 {
            return (0..<Int(g.next() % 200)).map { _ in UInt8(truncatingIfNeeded: g.next()) }.filter { $0 != 0x0A }
        }
        var text = ""
        for _ in 0..<Int(g.next() % 14) {
            text += Self.words[Int(g.next() % UInt64(Self.words.count))]
            if g.next() % 3 != 0 { text += " " }
        }
        return Array(text.utf8)
    }

    @Test func randomLinesNeverTrapAndGetOneReplyEach() {
        var g = Generator(seed: 2026)
        var h = Harness()
        for setup in ["open s=a viewport=375 item=343 count=5", "open s=b plugin=paging viewport=10 points=-5,0,1e300"] {
            _ = h.send(setup)
        }
        var answered = 0
        for _ in 0..<30_000 {
            let line = randomLine(&g)
            let result = line.withUnsafeBufferPointer { Dispatcher.handle($0, connection: &h.connection, server: h.server) }
            guard let reply = result.reply else { continue }
            #expect(ReplyCheck.problem(reply) == nil, "\(ReplyCheck.problem(reply) ?? ""): \(reply)")
            if !reply.hasPrefix("error") && !reply.hasPrefix("{\"op\":\"error\"") {
                answered += 1
                #expect(!reply.contains("nan") && !reply.contains("inf"), "\(reply)")
            }
            h.connection.finished = false
        }
        #expect(answered > 500, "the generator must reach the verbs, not only errors")
    }

    @Test func randomJSONShapesNeverTrap() {
        var g = Generator(seed: 7)
        var h = Harness()
        _ = h.send("open s=a viewport=375 item=343 count=5")
        let values = ["1", "-0", "1e999", "\"a\"", "[]", "[1,2]", "{}", "null", "true", "[[1]]", "\"\\u0000\"", "1.5e-320"]
        let keys = ["op", "s", "x", "v", "t", "index", "count", "item", "viewport", "sizes", "points", "id", "loop", "every"]
        for _ in 0..<10_000 {
            var members: [String] = ["\"op\":\"" + ["end", "open", "goto", "move", "layout", "autoplay"][Int(g.next() % 6)] + "\""]
            for _ in 0..<Int(g.next() % 8) {
                members.append("\"\(keys[Int(g.next() % UInt64(keys.count))])\":\(values[Int(g.next() % UInt64(values.count))])")
            }
            // The reply as sent, its `\n` included.
            let reply = Dispatcher.handle("{" + members.joined(separator: ",") + "}", connection: &h.connection, server: h.server).reply ?? "nil"
            // A whole JSON object with finite numbers, not only its first bytes.
            #expect(reply.hasPrefix("{\"op\":") && ReplyCheck.problem(reply) == nil, "\(ReplyCheck.problem(reply) ?? ""): \(reply)")
        }
    }
}
