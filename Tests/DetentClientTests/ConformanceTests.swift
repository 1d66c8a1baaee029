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
