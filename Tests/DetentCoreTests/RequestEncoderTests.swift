import Testing
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
        g.loop = false
        return g
    }

    static let commands: [Command] = [
        .hello(client: nil), .hello(client: "socat"), .hello(client: "my app"), .hello(client: #"say "hi" \ there"#),
        .hello(client: ""), .ping, .plugins, .stats, .quit,
        .session("cards", .open(plugin: "cards", geometry: full)),
        .session("c", .open(plugin: nil, geometry: sized)),
        .session("sheet", .layout(pointed)),
        .session("a", .begin(x: 0, t: nil)), .session("a", .begin(x: -12.5, t: 1_700_000_000_123)),
        .session("a", .move(x: 40, t: 16)), .session("a", .move(x: 1e-7, t: nil)),
        .session("a", .end(x: 90, v: 1.4, target: nil, t: nil)),
        .session("a", .end(x: 90, v: nil, target: 700, t: 250)),
        .session("a", .end(x: -0.0001, v: -3, target: 1, t: 2)),
        .session("a", .cancel), .session("a", .close),
        .session("a", .goto(index: 3, x: nil)), .session("a", .goto(index: 0, x: 351.5)),
        .session("a", .autoplay(every: 0)), .session("a", .autoplay(every: 2500)),
    ]

    @Test(arguments: commands)
    func everyCommandReadsBackTheSame(_ command: Command) throws {
        for id: String? in [nil, "7", "a b"] {
            let line = RequestEncoder.line(command, id: id)
            guard case .request(let parsed) = try LineSyntax.parse(line) else {
                Issue.record("\(line) was ignored")
                continue
            }
            let request = try RequestDecoder.decode(parsed, maxItems: 10_000)
            #expect(request.command == command, "\(line)")
            #expect(request.id == id.map(RequestID.text), "\(line)")
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
        #expect(RequestEncoder.line(.hello(client: "socat")) == "hello client=socat")
        #expect(RequestEncoder.line(.session("cards", .open(plugin: "cards", geometry: Self.cards))) == "open s=cards plugin=cards viewport=375 item=343 count=5 spacing=8 lead=16 trail=16")
        #expect(RequestEncoder.line(.session("cards", .end(x: 90, v: 1.4, target: nil, t: nil))) == "end s=cards x=90 v=1.4")
    }
}
