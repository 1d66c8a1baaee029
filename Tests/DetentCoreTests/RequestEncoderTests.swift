import Testing
import DetentTestSupport
@testable import DetentCore

/// The one encoder of requests: every command it writes reads back as the
/// same command, names that need quotes included.
@Suite struct RequestEncoderTests {
    /// Seed 000's cards, as the hand session opens them.
    static var cards: GeometrySpec {
        var g = GeometrySpec()
        g.viewport = 375
        g.item = 343
        g.count = 5
        g.spacing = 8
        g.lead = 16
        g.trail = 16
        return g
    }

    static var full: GeometrySpec {
        var g = cards
        g.trail = 16.5
        g.align = .center
        g.contain = .pad
        g.index = 2
        g.axis = .y
        g.loop = true
        return g
    }

    static var sized: GeometrySpec {
        var g = GeometrySpec()
        g.viewport = 375
        g.sizes = [100, 200.25, 1e-3]
        return g
    }

    static var pointed: GeometrySpec {
        var g = GeometrySpec()
        g.viewport = 800
        g.points = [0, 120, 560]
        g.snapstop = [1]
        g.loop = false
        return g
    }

    /// A request of `verb` (by name) with `fields`.
    static func request(_ verb: String, _ fields: RequestFields = RequestFields()) -> Request {
        // swiftlint:disable:next force_try
        try! Request(Verb(verb)!, fields)
    }

    static let requests: [Request] = [
        request("hello"), request("hello", .init(client: "socat")), request("hello", .init(client: "my app")),
        request("hello", .init(client: #"say "hi" \ there"#)), request("hello", .init(client: "")),
        request("ping"), request("plugins"), request("stats"), request("quit"),
        request("open", .init(session: "cards", plugin: "cards", geometry: full)),
        request("open", .init(session: "c", geometry: sized)),
        request("layout", .init(session: "sheet", geometry: pointed)),
        request("begin", .init(session: "a", x: 0)), request("begin", .init(session: "a", x: -12.5, t: 1_700_000_000_123)),
        request("move", .init(session: "a", x: 40, t: 16)), request("move", .init(session: "a", x: 1e-7)),
        request("end", .init(session: "a", x: 90, v: 1.4)),
        request("end", .init(session: "a", x: 90, target: 700, t: 250)),
        request("end", .init(session: "a", x: -0.0001, v: -3, target: 1, t: 2)),
        request("cancel", .init(session: "a")), request("close", .init(session: "a")),
        request("goto", .init(session: "a", index: 3)), request("goto", .init(session: "a", x: 351.5, index: 0)),
        request("autoplay", .init(session: "a", every: 0)), request("autoplay", .init(session: "a", every: 2500)),
        request("wheel", wheel(dx: 0, dy: 1, t: 16, source: nil, phase: nil)),
        request("wheel", wheel(dx: -0.125, dy: 0, t: 1_700_000_000_123, source: "other", phase: nil, x: 351.5)),
        request("scroll", wheel(dx: 0, dy: 0, t: 2, source: nil, phase: "begin")),
        request("scroll", wheel(dx: -12.5, dy: 3, t: 3, source: nil, phase: nil)),
        request("scroll", wheel(dx: 0, dy: 0, t: 4, source: nil, phase: "end", x: -7)),
        request("step", stepping("next")), request("step", stepping("last", x: 351.5, t: 16)),
        request("open", opening(motion: "reduced")), request("layout", opening(motion: "full")),
        request("scrollby", scrolling(by: 400)), request("scrollby", scrolling(by: -0.5, x: 351.5, t: 16)),
    ]

    /// The fields of a scrollby.
    static func scrolling(by: Double, x: Double? = nil, t: Double? = nil) -> RequestFields {
        var fields = RequestFields(session: "a", x: x, t: t)
        fields.by = by
        return fields
    }

    /// The fields of a step.
    static func stepping(_ to: String, x: Double? = nil, t: Double? = nil) -> RequestFields {
        var fields = RequestFields(session: "a", x: x, t: t)
        fields.to = to
        return fields
    }

    /// An open's or layout's fields with a motion.
    static func opening(motion: String) -> RequestFields {
        var fields = RequestFields(session: "m", geometry: sized)
        fields.motion = motion
        return fields
    }

    /// The fields of a wheel or scroll request.
    static func wheel(dx: Double, dy: Double, t: Double, source: String?, phase: String?, x: Double? = nil) -> RequestFields {
        var fields = RequestFields(session: "a", x: x, t: t)
        (fields.dx, fields.dy, fields.source, fields.phase) = (dx, dy, source, phase)
        return fields
    }

    @Test func everyVerbOfTheTableIsEncoded() {
        #expect(Set(Self.requests.map(\.verb)) == Set(Verb.all))
    }

    @Test(arguments: requests)
    func everyRequestReadsBackTheSame(_ request: Request) throws {
        for id: String? in [nil, "7", "a b"] {
            var fields = request.fields
            fields.id = id.map(RequestID.text)
            let line = RequestEncoder.line(request.verb, fields)
            guard case .request(let parsed) = try LineSyntax.parse(line) else {
                Issue.record("\(line) was ignored")
                continue
            }
            let read = try RequestDecoder.decode(parsed, maxItems: 10_000)
            #expect(read.verb == request.verb, "\(line)")
            #expect(read.fields == fields, "\(line)")
        }
    }

    @Test func valuesAreBareWhenTheyCanBeAndQuotedElse() {
        #expect(RequestEncoder.value("cards") == "cards")
        #expect(RequestEncoder.value("a=b") == "a=b")
        #expect(RequestEncoder.value("my app") == #""my app""#)
        #expect(RequestEncoder.value(#"a"b\c"#) == #""a\"b\\c""#)
        #expect(RequestEncoder.value("") == #""""#)
    }

    @Test func theHandSessionsLines() {
        func line(_ r: Request) -> String { RequestEncoder.line(r.verb, r.fields) }
        #expect(line(Self.request("hello", .init(client: "socat"))) == "hello client=socat")
        #expect(line(Self.request("open", .init(session: "cards", plugin: "cards", geometry: Self.cards))) == "open s=cards plugin=cards viewport=375 item=343 count=5 spacing=8 lead=16 trail=16")
        #expect(line(Self.request("end", .init(session: "cards", x: 90, v: 1.4))) == "end s=cards x=90 v=1.4")
    }

    /// A NaN a client sets stays a value (the daemon refuses it as
    /// `bad-value`); only a key never set is absent, though the fields keep
    /// absent numbers as a NaN of their own.
    @Test func aNaNIsSentNotDropped() {
        let fields = RequestFields(session: "s", x: .nan, v: .nan)
        #expect(fields.x?.isNaN == true && fields.v?.isNaN == true && fields.target == nil)
        #expect(RequestEncoder.line(Verb("end")!, fields) == "end s=s x=nan v=nan")
        var harness = Harness()
        _ = harness.send("open s=s plugin=cards \(Harness.cards)")
        #expect(harness.send(RequestEncoder.line(Verb("end")!, RequestFields(session: "s", x: 90, v: .nan)))?.hasPrefix("error code=bad-value") == true)
    }

    /// The boxed keys (client, plugin, geometry) are copied on write: a
    /// copy's change never reaches the original.
    @Test func boxedKeysAreCopiedOnWrite() {
        let original = RequestFields(session: "a", client: "c", plugin: "p", geometry: Self.cards)
        var copy = original
        copy.client = "changed"
        copy.plugin = nil
        copy.geometry.viewport = 999
        #expect(original.client == "c" && original.plugin == "p" && original.geometry.viewport == 375)
        #expect(copy.client == "changed" && copy.plugin == nil && copy.geometry.viewport == 999)
        var third = original
        third.geometry = Self.full
        #expect(original.geometry == Self.cards && third.geometry == Self.full)
    }

    /// A value of `key`'s kind that its rule accepts, as a setter takes it.
    static func sample(_ key: Key) -> KeyValue {
        switch key.spec.kind {
        case .number, .whole: .number(3)
        case .token: .text("a")
        case .text: .text("word")
        case .id: .text("q7")
        case .numbers: .numbers([1, 2.5])
        case .boolean: .boolean(true)
        case .choice(let values): .text(values.last!)
        }
    }

    /// Every key of every verb set by key, where the key belongs by default
    /// (a group's key in the group, unless it has a place of its own),
    /// reads back from the line the encoder writes as the very fields.
    @Test func everyKeySetByKeyRoundTrips() throws {
        for verb in Verb.all {
            var fields = RequestFields()
            for key in verb.keys { fields.set(key, Self.sample(key), inGroup: verb.takesInGroup(key)) }
            if verb.takesGeometry { fields.set(.item, 3); fields.set(.count, 3) }
            let line = RequestEncoder.line(verb, fields)
            guard case .request(let parsed)? = try? LineSyntax.parse(line) else { throw TestFailure("\(line) does not parse") }
            let decoded = try RequestDecoder.decode(parsed, maxItems: 100)
            #expect(decoded.fields == fields, "\(line)")
            for key in verb.keys { #expect(fields.text(key) != nil, "\(verb): \(key) was not kept") }
        }
        var fields = RequestFields()
        fields.set(.align, "center")
        fields.set(.count, 5)
        fields.set(.loop, true)
        fields.set(.id, "7")
        #expect(fields.geometry.align == .center && fields.geometry.count == 5 && fields.geometry.loop == true)
        #expect(fields.id == .text("7"))
        fields.set(.count, .number(1e300))
        #expect(fields.geometry.count == Int(Int32.max))
        fields.set(.count, .number(.nan))
        #expect(fields.geometry.count == 0)
    }

    /// `goto`'s `index` is its own: a geometry's index is not it.
    @Test func aSlotKeyIsJudgedByItsSlot() {
        var fields = RequestFields(session: "a")
        fields.geometry.index = 3
        #expect(!fields.has(.index))
        #expect(throws: ProtocolError.self) { try Request(Verb.goto, fields) }
    }
}
