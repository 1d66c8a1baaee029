import DetentClient
import DetentCore
import DetentTestSupport
import Foundation
import Testing

/// `step` and `motion` through the client against the real daemon (paging):
/// a step that snaps, one kept at a bound, `motion=reduced` drawing a
/// decision at x from t=0 (`curve=none` is `Motion.Curve.instant`), layout
/// keeping it and switching it back, the config's default, and a bad `to`
/// or `motion` refused. (A `to` outside its values cannot be sent:
/// `StepTarget` holds them.)
@Suite(.serialized) struct KeyboardStepTests {
    static let pages = CollectionGeometry(viewport: 400, items: .uniform(size: 400, count: 6))
    static let at1 = CollectionGeometry(viewport: 400, items: .uniform(size: 400, count: 6), index: 1)
    static let spring = Motion.Curve.spring(omega: 2 * Double.pi / 400)

    static func snap(_ body: TypedReply.Body) throws -> SnapReply {
        guard case .snap(let reply) = body else { throw TestFailure("a snap reply was due, not \(body)") }
        return reply
    }

    static func kept(_ body: TypedReply.Body) throws -> KeptReply {
        guard case .kept(let reply) = body else { throw TestFailure("a kept reply was due, not \(body)") }
        return reply
    }

    /// A step's decision to page `index` from `from`, drawn along `curve`
    /// over `ms` (a spring's ms grows with the distance: nil takes the reply's).
    static func stepped(_ body: TypedReply.Body, _ index: Int, from: Double, _ curve: Motion.Curve,
                        ms: Int?) throws -> SnapReply {
        let reply = try snap(body)
        let x = 400 * Double(index)
        let motion = Motion(from: from, to: x, v: 0, curve: curve, duration: ms ?? reply.ms)
        #expect(try reply.decision() == Decision(index: index, x: x, mode: .animate, cause: .step, page: index, motion: motion),
                "\(reply)")
        return reply
    }

    @Test func aStepSnapsOnePageAndIsKeptAtABound() async throws {
        let server = try TestServer()
        defer { server.stop() }
        let client = try DetentClient(socketPath: server.path)
        _ = try await client.open("k", plugin: "paging", geometry: Self.pages)
        #expect(try Self.kept(try await client.step("k", to: .prev)) == KeptReply(session: "k", index: 0))
        #expect(try Self.kept(try await client.step("k", to: .first)).index == 0)
        let next = try Self.stepped(try await client.step("k", to: .next), 1, from: 0, Self.spring, ms: 573)
        #expect(next.position(at: 0) == 0)
        _ = try Self.stepped(try await client.step("k", to: .last), 5, from: 400, Self.spring, ms: nil)
        #expect(try Self.kept(try await client.step("k", to: .next)).index == 5)
        #expect(try Self.kept(try await client.step("k", to: .last)).index == 5)
        // x: where the content is drawn now.
        let first = try Self.snap(try await client.step("k", to: .first, x: 1990))
        #expect(first.index == 0 && first.from == 1990 && first.cause == Cause.step.rawValue)
        // With t, a motion under way steps on from its target.
        _ = try await client.open("t", plugin: "paging", geometry: Self.pages, motion: .full)
        _ = try await client.step("t", to: .next, t: 100)
        let on = try Self.snap(try await client.step("t", to: .next, t: 150))
        #expect(on.index == 2 && on.from > 0 && on.from < 400, "from the target, where the motion is: \(on)")
    }

    @Test func reducedMotionDrawsXAtOnceAndLayoutSwitchesBack() async throws {
        let server = try TestServer()
        defer { server.stop() }
        let client = try DetentClient(socketPath: server.path)
        _ = try await client.open("r", plugin: "paging", geometry: Self.pages, motion: .reduced)
        let snap = try Self.stepped(try await client.step("r", to: .next), 1, from: 0, .instant, ms: 0)
        #expect(snap.curve == "none" && [0.0, 16, 1000].map { snap.position(at: $0) } == [400, 400, 400])
        // A layout without motion keeps it; motion=full animates again.
        _ = try await client.layout("r", geometry: Self.at1)
        let still = try Self.stepped(try await client.step("r", to: .next), 2, from: 400, .instant, ms: 0)
        #expect(still.position(at: 0) == 800)
        _ = try await client.layout("r", geometry: Self.at1, motion: .full)
        let spring = try Self.stepped(try await client.step("r", to: .next), 2, from: 400, Self.spring, ms: 573)
        #expect(spring.position(at: 0) == 400 && spring.position(at: 100) > 400 && spring.position(at: 100) < 800)
    }

    @Test func theConfigsMotionIsTheDefault() async throws {
        let server = try TestServer(json: #"{"motion": "reduced", "plugins": [{"name": "paging", "strategy": "paging"}]}"#)
        defer { server.stop() }
        let client = try DetentClient(socketPath: server.path)
        _ = try await client.open("d", geometry: Self.pages)
        _ = try Self.stepped(try await client.step("d", to: .next), 1, from: 0, .instant, ms: 0)
        _ = try await client.open("f", geometry: Self.pages, motion: .full)
        _ = try Self.stepped(try await client.step("f", to: .next), 1, from: 0, Self.spring, ms: 573)
    }

    @Test func aBadToOrMotionIsRefused() async throws {
        let server = try TestServer()
        defer { server.stop() }
        let client = try DetentClient(socketPath: server.path)
        _ = try await client.open("r", plugin: "paging", geometry: Self.pages)
        // Lines of their own: RequestFields keeps no value outside a key's.
        func refusal(_ line: String) async throws -> ErrorReply {
            let reply = try await client.send(line)
            guard reply.verb == ReplyKind.error.name else { throw TestFailure("\(line): \(reply.line), not an error") }
            return try ErrorReply(reply)
        }
        let up = try await refusal("step s=r to=up")
        #expect(up.code == "bad-value" && up.msg.hasPrefix("to:") && up.session == "r")
        #expect(try await refusal("step s=r").code == "missing-key")
        let slow = try await refusal("open s=z viewport=400 item=400 count=3 motion=slow")
        #expect(slow.code == "bad-value" && slow.msg.hasPrefix("motion:") && slow.session == "z")
        // Nothing changed: the session still animates, from where it rests.
        _ = try Self.stepped(try await client.step("r", to: .next), 1, from: 0, Self.spring, ms: 573)
    }
}
