import Testing
@testable import DetentCore

/// The hot path answers exactly as the general path: same request, same
/// reply, same state, on every line it takes; everything else it leaves.
@Suite struct FastLineTests {
    /// The general path's request for a line, or nil if it is an error or ignored.
    func general(_ line: String) -> Request? {
        guard case .request(let parsed)? = try? LineSyntax.parse(line) else { return nil }
        return try? RequestDecoder.decode(parsed, maxItems: 10_000)
    }

    /// The `x` of an `end` request.
    func x(_ request: Request?) -> Double? {
        guard let request, request.verb.name == "end" else { return nil }
        return request.fields.x
    }

    func fast(_ line: String) -> Request? {
        Array(line.utf8).withUnsafeBufferPointer { FastLine.parse($0) }
    }

    @Test(arguments: [
        "end s=cards x=90 v=1.4", "end s=c x=-0 v=+2.50", "  begin\ts=a.b_c-1 x=.5 t=1000 id=7\r", "move s=a x=5. t=0",
        "cancel s=a id=x\\y", "goto s=a index=3.0", "ping", "ping id=abc", "end s=a x=123456789012345 target=0.000001",
        "end s=a id=1 t=2 target=3 v=4 x=5", "goto s=a index=2 x=480.5", "open s=a viewport=3 item=1 count=1",
        "open s=a plugin=cards viewport=375 sizes=100,120.5,80 align=center contain=pad index=2 axis=y loop=0",
        "hello client=socat", "layout s=a viewport=375 points=0,100,200 loop=true", "autoplay s=a every=0",
    ])
    func takesPlainGestureLines(line: String) {
        #expect(fast(line) != nil, "\(line)")
        #expect(fast(line) == general(line), "\(line)")
    }

    @Test(arguments: [
        "", "  ", "# end s=a x=1", "{\"op\":\"end\",\"s\":\"a\",\"x\":1}", "end s=a x=1e3", "end s=a x=1234567890123456",
        "end s=a x=\"1\"", "end s=a x=1 x=2", "end s=a", "end x=1", "end s=a x=1 bogus=2", "end s=a! x=1", "end s=a x=",
        "end s=a x=nan", "end s=a x=1,2", "open s=a viewport=3 item=1", "End s=a x=1",
        "open s=a viewport=3 sizes=1,,2", "open s=a viewport=3 sizes=1,0", "open s=a viewport=3 align=left", "open s=a viewport=3 loop=2",
        "open s=a viewport=3 item=1 count=10001", "open s=a viewport=3 spacing=-1", "autoplay s=a every=0.5", "hello client=\"a b\"",
        "end s=a x=1 =5", "end s=a x=1 =", "end s=a x=1 v=é",
        "goto s=a index=1.5", "end\u{0} s=a x=1", "end s=a x=1\r\r", "end s=a x=.", "end s=a x=-", "ping s=a", "end s=a x=1 id=",
    ])
    func leavesEverythingElse(line: String) {
        #expect(fast(line) == nil, "\(line)")
    }

    /// A value of `key`'s type that its rule accepts.
    static func sample(_ key: Key) -> String {
        switch key.spec.kind {
        case .number, .whole: "3"
        case .token: "a"
        case .text: "word"
        case .id: "q7"
        case .numbers: "1,2.5"
        case .boolean: "1"
        case .choice(let values): values.last!
        }
    }

    /// Every key of the description, in every verb that takes it, is read
    /// by the fast path (none falls to the general path unnoticed) into the
    /// very request the general path decodes.
    @Test func everyKeyOfEveryVerbIsReadByTheFastPath() {
        var read = 0
        for verb in Verb.all {
            for key in verb.keys {
                var keys = verb.requiredKeys
                if !keys.contains(key) { keys.append(key) }
                if verb.takesGeometry, key == .item || key == .count { keys += [key == .item ? .count : .item] }
                let line = ([verb.name] + keys.map { "\($0.rawValue)=\(Self.sample($0))" }).joined(separator: " ")
                #expect(fast(line) != nil, "\(line): \(key) falls to the general path")
                #expect(fast(line)?.fields.has(key) == true || verb.takesInGroup(key), "\(line): \(key) read but not kept")
                #expect(fast(line)?.fields.text(key) != nil, "\(line): \(key) read but not kept")
                #expect(fast(line) == general(line), "\(line)")
                read += 1
            }
        }
        #expect(read == Verb.all.map(\.keys.count).reduce(0, +))
        #expect(Set(Verb.all.flatMap(\.keys)) == Set(Key.allCases), "every key of the description is some verb's")
    }

    @Test func exactlyTheDoublesTheGeneralPathReads() {
        var state: UInt64 = 99
        for _ in 0..<20_000 {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            let digits = Int(state >> 60) + 1
            state = state &* 6364136223846793005 &+ 1442695040888963407
            var text = String(state % 1_000_000_000_000_000)
            text = String(text.prefix(digits))
            let point = Int(state >> 59) % (text.count + 1)
            text.insert(".", at: text.index(text.startIndex, offsetBy: point))
            if state & 1 == 1 { text = "-" + text }
            let line = "end s=a x=\(text)"
            #expect(x(fast(line)) != nil && x(fast(line)) == x(general(line)), "\(text)")
            if let x = x(fast(line)) { #expect(x.sign == (self.x(general(line)) ?? 0).sign) }
        }
    }

    @Test func bothPathsAnswerAliveSessionAlike() {
        var state: UInt64 = 5
        func pick<T>(_ items: [T]) -> T {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return items[Int(state >> 33) % items.count]
        }
        let verbs = ["end", "begin", "move", "cancel", "goto", "ping"]
        let keys = ["s=c", "s=d", "s=nope", "x=12", "x=-5.5", "x=900", "v=1.2", "v=-3", "target=400", "t=16", "index=2", "index=9", "id=7", "x=1e2",
                    // Spellings a reply copies (`DecimalEcho`) and ones it must not.
                    "x=351.25", "x=0.5", "v=-0.25", "v=0.001", "x=007", "x=1.50", "v=-0", "v=+1.5", "x=.5", "x=12.", "v=0.0001",
                    "x=123456789.5", "v=-1.125", "x=702", "x=-0.0", "v=2.0000001"]
        var fast = Harness()
        var slow = Harness()
        for h in [0, 1] {
            var harness = h == 0 ? fast : slow
            _ = harness.send("open s=c plugin=cards \(Harness.cards)")
            _ = harness.send("open s=d plugin=shelf viewport=375 item=70 count=10 spacing=30 lead=20 contain=pad")
            if h == 0 { fast = harness } else { slow = harness }
        }
        for _ in 0..<5_000 {
            var line = pick(verbs)
            for _ in 0..<Int(state % 5) { line += " " + pick(keys) }
            let a = Dispatcher.handle(line, connection: &fast.connection, server: fast.server, fast: true)
            let b = Dispatcher.handle(line, connection: &slow.connection, server: slow.server, fast: false)
            #expect(a == b, "\(line)")
        }
        #expect(fast.server.requests == slow.server.requests)
        #expect(fast.server.errors == slow.server.errors)
    }

    /// A decimal the fast path keeps for the reply to copy is exactly what
    /// the reply would write for its double (`DecimalEcho`), on random
    /// spellings: signs, leading and trailing zeros, points, 1 to 17 digits.
    @Test func aKeptDecimalIsTheReplysOwnSpelling() {
        var state: UInt64 = 2022
        func next(_ n: UInt64) -> Int {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return Int((state >> 33) % n)
        }
        var kept = 0
        for _ in 0..<200_000 {
            var text = ""
            for _ in 0..<(next(17) + 1) { text += String(next(10)) }
            if next(3) > 0 { text.insert(".", at: text.index(text.startIndex, offsetBy: next(UInt64(text.count + 1)))) }
            switch next(8) {
            case 0: text = "-" + text
            case 1: text = "+" + text
            case 2: text = String(text.drop { $0 == "0" }); if text.isEmpty || text.first == "." { text = "0" + text }
            default: break
            }
            let bytes = Array(text.utf8)
            guard let (value, echo) = bytes.withUnsafeBufferPointer({ FastLine.number($0, 0, $0.count) }) else { continue }
            guard echo != .none else { continue }
            kept += 1
            let out = ReplyBuffer()
            NumberFormat.append(echo, negative: value < 0, to: out)
            let written = String(decoding: out.bytes, as: UTF8.self)
            #expect(written == NumberFormat.string(value) && written == text, "\(text): kept as \(written), written \(NumberFormat.string(value))")
        }
        #expect(kept > 10_000)
    }

    /// A reply copies a client's digits only for the very double it read:
    /// a neighbour a millionth away is written by its own digits, as the
    /// general path writes it.
    @Test func aReplyCopiesOnlyTheVeryDouble() {
        var fast = Harness()
        var slow = Harness()
        for line in ["open s=c plugin=cards \(Harness.cards)", "end s=c x=702000.000001 v=702000", "end s=c x=702 v=702.000001",
                     "end s=c x=411.25 v=411.250001", "end s=c x=0.5 v=0.5", "end s=c x=351 v=-0.001"] {
            let a = Dispatcher.handle(line, connection: &fast.connection, server: fast.server, fast: true)
            let b = Dispatcher.handle(line, connection: &slow.connection, server: slow.server, fast: false)
            #expect(a == b, "\(line)")
        }
    }
}
