import DetentTestSupport
import Testing
@testable import DetentCore

/// What the daemon states by hand beside the generated tables agrees with
/// protocol/detent-protocol.json: the Swift enums of choice keys and
/// reply values, and the reply kinds each verb answers with.
@Suite struct DescriptionTests {
    static func values(_ key: Key) -> [String] {
        guard case .choice(let values) = key.spec.kind else { return [] }
        return values
    }

    @Test func theChoiceKeysEnumsAreTheDescriptions() {
        #expect(Align.allCases.map(\.rawValue) == Self.values(.align))
        #expect(Contain.allCases.map(\.rawValue) == Self.values(.contain))
        #expect(Axis.allCases.map(\.rawValue) == Self.values(.axis))
        #expect(WheelSource.allCases.map(\.rawValue) == Self.values(.source))
        #expect(ScrollPhase.allCases.map(\.rawValue) == Self.values(.phase))
        #expect(SwipeLength.allCases.map(\.rawValue) == Self.values(.swipes))
    }

    @Test func theReplyValuesEnumsAreTheDescriptions() {
        #expect(Set(Mode.allCases.map(\.rawValue)) == Set(ReplyField.enumerations["mode"] ?? []))
        #expect(Set(Cause.allCases.map(\.rawValue)) == Set(ReplyField.enumerations["cause"] ?? []))
        #expect(ReplyField.enumerations["code"] == ErrorCode.allCases.map(\.rawValue))
        #expect(ReplyField.enumerations["curve"] == CurveDescription.all.map(\.name))
    }

    /// Each curve the daemon writes is the description's, with its fields.
    @Test func theCurvesTheDaemonWritesAreTheDescriptions() {
        let curves: [Motion.Curve] = [.decay(rate: 0.99), .spring(omega: 0.01), .ease, .brake(accel: 0.01, stop: 100),
                                      .brake(accel: 0.01, stop: 100, aim: 50)]
        for curve in curves {
            let decision = Decision(index: 0, x: 10, mode: .animate, cause: .goto,
                                    motion: Motion(from: 0, to: 10, v: 0, curve: curve, duration: 200))
            let line = Replies.pushed(decision, session: "a", encoding: .text)
            let words = line.split(separator: " ").map { $0.split(separator: "=").first.map(String.init) ?? "" }
            let name = line.split(separator: " ").first { $0.hasPrefix("curve=") }.map { String($0.dropFirst(6)) } ?? ""
            let described = CurveDescription.all.first { $0.name == name }
            #expect(described != nil, "\(line)")
            for field in described?.fields ?? [] { #expect(words.contains(field.name), "\(line) lacks \(field)") }
            let others = CurveDescription.all.filter { $0.name != name }.flatMap(\.fields).map(\.name)
            #expect(Set(others).isDisjoint(with: words), "\(line)")
        }
    }

    /// Every reply of the conformance corpus is one of its request's verb's
    /// reply kinds, or an error.
    @Test func eachVerbAnswersWithItsReplies() throws {
        var last: Verb?
        var checked = 0
        for step in try ConformanceCorpus().steps {
            switch step {
            case .request(let line):
                guard case .request(let parsed)? = try? LineSyntax.parse(line) else { last = nil; continue }
                last = Verb(parsed.verb)
            case .reply(let line):
                guard let verb = last, case .request(let reply)? = try? LineSyntax.parse(line) else { continue }
                if reply.verb != ReplyKind.error.name {
                    #expect(verb.replies.map(\.name).contains(reply.verb), "\(verb) answered \(line)")
                    checked += 1
                }
            default: continue
            }
        }
        #expect(checked > 40)
    }
}
