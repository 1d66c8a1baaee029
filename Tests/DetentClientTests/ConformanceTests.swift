import DetentClient
import DetentCore
import DetentTestSupport
import Foundation
import Testing

/// The conformance corpus (Tests/Conformance) read by the Swift client:
/// every reply, text and JSON, decoded into its typed value, which must
/// hold exactly the line's fields with the same values.
@Suite struct ConformanceTests {
    @Test func everyCorpusReplyDecodesToExactlyItsFields() throws {
        let replies = try ConformanceCorpus().replies
        #expect(replies.count > 60)
        var kinds: Set<String> = []
        for line in replies {
            let typed = try TypedReply(Reply(line))
            kinds.insert(line.hasPrefix("{") ? "json " + Reply.verbOf(line) : Reply.verbOf(line))
            let held = typed.fields
            let written = try WrittenFields.of(line)
            #expect(Set(held.keys) == Set(written.keys), "\(line): the client holds \(held.keys.sorted()), the line has \(written.keys.sorted())")
            for (key, value) in held where written[key].map({ !WrittenFields.same(value, $0) }) ?? false {
                Issue.record("\(line): \(key) read as \(value), written \(written[key]!)")
            }
        }
        #expect(kinds.count == 2 * ReplyKind.all.count, "every reply kind in both encodings: \(kinds.sorted())")
    }

    /// The daemon writes each reply by `ReplyKind` (the one description
    /// of the replies' fields): every corpus reply has its kind's required
    /// fields, no field it does not describe, and numbers where it says.
    @Test func everyCorpusReplyIsAsItsKindDescribesIt() throws {
        var seen: Set<String> = []
        for line in try ConformanceCorpus().replies {
            let reply = try Reply(line)
            let kind = try #require(ReplyKind.named(reply.verb), "\(line): no reply kind \(reply.verb)")
            seen.insert(kind.name)
            let written = Set(try WrittenFields.of(line).keys)
            #expect(written.isSubset(of: Set(kind.fields.map(\.name))), "\(line): fields beyond \(kind)'s")
            #expect(Set(kind.required.map(\.name)).isSubset(of: written), "\(line): a required field of \(kind) is missing")
            for field in kind.fields where field.isNumeric && written.contains(field.name) {
                #expect(reply.number(field) != nil, "\(line): \(field) is not a number")
            }
        }
        #expect(seen == Set(ReplyKind.all.map(\.name)), "the corpus has every reply kind")
    }

    /// A reply the client cannot read as its kind is refused, not half read.
    @Test(arguments: [
        "snap s=a index=1 x=351 mode=bogus cause=release from=0 v=0 curve=ease ms=300",
        "snap s=a index=1 x=351 mode=animate cause=bogus from=0 v=0 curve=ease ms=300",
        "snap s=a index=1 x=351 mode=animate cause=goto from=0 v=0 curve=wobble ms=300",
        "snap s=a index=1 x=351 mode=animate cause=goto from=0 v=0 curve=brake accel=1 stop=400 ms=300",
        "snap s=a index=1 x=351 mode=animate cause=goto from=0 v=0 curve=spring ms=300",
        "error msg=\"x\"", "opened s=a plugin=p index=0 x=0", "stats connections=1", "nothing s=a",
    ])
    func aMalformedReplyIsRefused(line: String) {
        #expect(throws: DetentClientError.self) { try TypedReply(Reply(line)) }
    }

    /// curve=bezier and curve=path made wrong (libdetent's test_curves.c
    /// refuses the same): refused, the reason naming what.
    @Test(arguments: [
        ("curve=bezier p1x=0.4 p1y=0 p2x=0 ms=289", "p1x, p1y, p2x and p2y: missing"),
        ("curve=bezier p1x=1.5 p1y=0 p2x=0 p2y=1 ms=289", "p1x: 1.5 is not within 0 and 1"),
        ("curve=bezier p1x=0.4 p1y=0 p2x=-0.1 p2y=1 ms=289", "p2x: -0.1 is not within 0 and 1"),
        ("curve=path ms=200", "path: missing"),
        ("curve=path path=0/200/0/300/0.4/0/0 ms=200", "path: \"0/200/0/300/0.4/0/0\" is not"),
        ("curve=path path=0/200/0/300/0.4/0/0/1/9 ms=200", "is not at/span"),
        ("curve=path path=0/-1/0/300/0.4/0/0/1 ms=200", "is not at/span"),
        ("curve=path path=0/200/0/300/0.4/0/0/x ms=200", "is not at/span"),
        ("curve=path path=0/200/0/300/1.4/0/0/1 ms=200", "is not at/span"),
        ("curve=path path=0/200/0/299/0.4/0/0/1 ms=200", "does not end at x"),
        ("curve=path path=0/201/0/300/0.4/0/0/1 ms=200", "ends after ms"),
        ("curve=path path=50/10/0/100/0.4/0/0/1,0/200/0/300/0.4/0/0/1 ms=200", "segment 1 starts before"),
    ])
    func aBadBezierOrPathIsRefusedSayingWhy(tail: String, reason: String) {
        let line = "snap s=c index=1 x=300 mode=animate cause=step from=0 v=0 " + tail
        let error = #expect(throws: DetentClientError.self) { try TypedReply(Reply(line)) }
        guard case .unexpectedReply(let why)? = error else { Issue.record("\(line): \(String(describing: error))"); return }
        #expect(why.hasPrefix(line) && why.contains(reason), "\(why)")
    }

    /// css-snap's curves drawn from the corpus's lines at worked times as
    /// libdetent's detent_motion_position draws them (its values at
    /// 20cc0ac, to 1e-12 of their size; a key's 203.10748071909836 at 100
    /// ms exactly), and a path's segments read as written.
    @Test func bezierAndPathDrawAsLibdetentDraws() throws {
        let times: [Double] = [-1, 0, 0.5, 10, 50, 100, 150, 199.9, 200, 216, 217.5, 230, 288, 289, 300, 399, 400.3, 400.4]
        let cases: [(String, [Double])] = [
            ("snap s=cs index=1 x=300 mode=animate cause=step from=0 v=0 curve=bezier p1x=0.4 p1y=0 p2x=0 p2y=1 ms=289",
             [0, 0, 0.0018798259273298441, 0.82887806751528226, 38.350322666275403, 203.10748071909836, 262.65564563821584,
              287.61727393192433, 287.64955467677203, 292.14213455973169, 292.49932183039709, 295.09413169589243,
              299.99879974140924, 300, 300, 300, 300, 300]),
            (#"{"op":"snap","s":"cs","index":2,"x":600,"mode":"animate","cause":"wheel","from":300,"v":0,"curve":"path","path":["0/200/300/420/0.42/0/0.58/1","217/183.33333333333334/420/600/0.42/0/0.58/1"],"ms":401}"#,
             [300, 300, 300.00141882702241, 300.57956996011762, 315.49943172567458, 360, 404.50056827432547,
              419.99994329790803, 420, 420, 420.00253304066143, 421.76402351516992, 476.11700968167122,
              477.66012099683371, 495.41235525870633, 599.98195051251901, 599.99998875491337, 600]),
        ]
        for (line, want) in cases {
            let motion = try #require(try SnapReply(Reply(line)).motion)
            for (t, x) in zip(times, want) {
                let got = motion.position(at: t)
                #expect(abs(got - x) <= 1e-12 * max(1, abs(x)), "\(line) at \(t): \(got), libdetent \(x)")
            }
        }
        let key = try SnapReply(Reply(cases[0].0))
        #expect(key.position(at: 100) == 203.10748071909836)
        let notch = try #require(try SnapReply(Reply(cases[1].0)).motion)
        guard case .path(let segments) = notch.curve else { Issue.record("not a path: \(notch.curve)"); return }
        #expect(segments == [
            CssSnapSegment(from: 300, to: 420, start: 0, duration: 200, curve: CubicBezier(0.42, 0, 0.58, 1)),
            CssSnapSegment(from: 420, to: 600, start: 217, duration: 183.33333333333334, curve: CubicBezier(0.42, 0, 0.58, 1)),
        ])
        #expect(notch.duration == 401 && notch.to == 600)
    }

    @Test func aFieldTheClientDoesNotKnowIsIgnoredAtRunTimeButCounted() throws {
        let line = "moved s=a x=1 future=2"
        #expect(try TypedReply(Reply(line)) == TypedReply(.moved(MovedReply(session: "a", x: 1))))
        #expect(try Set(WrittenFields.of(line).keys) != Set(TypedReply(Reply(line)).fields.keys))
    }
}

extension Reply {
    static func verbOf(_ line: String) -> String { (try? Reply(line).verb) ?? "?" }
}

/// The fields a typed reply holds, as the protocol names them: each
/// property of its generated struct (`session` is `s`), read by reflection
/// so that a field the struct lacks or misreads shows.
extension TypedReply {
    var fields: [String: String] {
        var out: [String: String] = [:]
        if let id { out["id"] = id }
        guard let reply = Mirror(reflecting: body).children.first?.value else { return out }
        for child in Mirror(reflecting: reply).children {
            guard let label = child.label else { continue }
            let key = label == "session" ? "s" : label
            let value: Any
            let mirror = Mirror(reflecting: child.value)
            if mirror.displayStyle == .optional {
                guard let wrapped = mirror.children.first?.value else { continue }
                value = wrapped
            } else {
                value = child.value
            }
            switch value {
            case let number as Double: out[key] = NumberFormat.string(number)
            case let whole as Int: out[key] = String(whole)
            case let list as [String]: out[key] = list.joined(separator: ",")
            default: out[key] = "\(value)"
            }
        }
        return out
    }
}

/// A reply line's fields read by the test itself (not the client's parser):
/// text `key=value` tokens, or a JSON object's members but `op`.
enum WrittenFields {
    static func of(_ line: String) throws -> [String: String] {
        if line.hasPrefix("{") {
            guard let object = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any] else {
                throw TestFailure("not a JSON object: \(line)")
            }
            var out: [String: String] = [:]
            for (key, value) in object where key != "op" {
                switch value {
                case let list as [Any]: out[key] = list.map { "\($0)" }.joined(separator: ",")
                case let number as NSNumber: out[key] = number.stringValue
                default: out[key] = "\(value)"
                }
            }
            return out
        }
        var out: [String: String] = [:]
        var rest = Substring(line)
        rest = rest.drop { $0 != " " }  // the verb
        while let start = rest.firstIndex(where: { $0 != " " }) {
            rest = rest[start...]
            guard let equals = rest.firstIndex(of: "=") else { throw TestFailure("no = in \(rest)") }
            let key = String(rest[..<equals])
            rest = rest[rest.index(after: equals)...]
            if rest.first == "\"" {
                var value = ""
                var index = rest.index(after: rest.startIndex)
                while index < rest.endIndex, rest[index] != "\"" {
                    if rest[index] == "\\" { index = rest.index(after: index) }
                    value.append(rest[index])
                    index = rest.index(after: index)
                }
                out[key] = value
                rest = rest[rest.index(after: index)...]
            } else {
                let end = rest.firstIndex(of: " ") ?? rest.endIndex
                out[key] = String(rest[..<end])
                rest = rest[end...]
            }
        }
        return out
    }

    /// Equal as text, or as numbers, element by element for lists.
    static func same(_ a: String, _ b: String) -> Bool {
        let left = a.split(separator: ",", omittingEmptySubsequences: false)
        let right = b.split(separator: ",", omittingEmptySubsequences: false)
        guard left.count == right.count else { return false }
        return zip(left, right).allSatisfy { x, y in
            x == y || (Double(x).map { u in Double(y).map { $0 == u } ?? false } ?? false)
        }
    }
}
