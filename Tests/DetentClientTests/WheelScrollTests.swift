import DetentClient
import DetentCore
import DetentTestSupport
import Foundation
import Testing

/// `wheel` and `scroll` through the client against the real daemon's
/// generic rule (paging): a notch that snaps, one kept within wheelLockMs
/// (150 ms), a touchpad gesture with Qt's doubled begin and end, and their
/// refusals. (A `source` or `phase` outside its values cannot be sent:
/// `RequestFields` leaves it out.)
@Suite(.serialized) struct WheelScrollTests {
    static let pages = CollectionGeometry(viewport: 400, items: .uniform(size: 400, count: 6))

    static func snap(_ body: TypedReply.Body) throws -> SnapReply {
        guard case .snap(let reply) = body else { throw TestFailure("a snap reply was due, not \(body)") }
        return reply
    }

    static func kept(_ body: TypedReply.Body) throws -> KeptReply {
        guard case .kept(let reply) = body else { throw TestFailure("a kept reply was due, not \(body)") }
        return reply
    }

    static func moved(_ body: TypedReply.Body) throws -> Double {
        guard case .moved(let reply) = body else { throw TestFailure("a moved reply was due, not \(body)") }
        return reply.x
    }

    @Test func aNotchSnapsANotchWithinTheLockIsKept() async throws {
        let server = try TestServer()
        defer { server.stop() }
        let client = try DetentClient(socketPath: server.path)
        _ = try await client.open("w", plugin: "paging", geometry: Self.pages)
        let first = try Self.snap(try await client.wheel("w", dx: 0, dy: 1, t: 1000))
        let spring = Motion.Curve.spring(omega: 2 * Double.pi / 400)
        #expect(try first.decision() == Decision(index: 1, x: 400, mode: .animate, cause: .wheel, page: 1,
                                                 motion: Motion(from: 0, to: 400, v: 0, curve: spring, duration: 573)))
        #expect(try Self.kept(try await client.wheel("w", dx: 0, dy: 1, t: 1100)) == KeptReply(session: "w", index: 1))
        let next = try Self.snap(try await client.wheel("w", dx: 0, dy: 1, t: 1200, source: .mouse))
        #expect(next.index == 2 && next.from > 0 && next.from < 400, "from the target, where the motion is: \(next)")
        // The axis is x: a mouse's dy counts, another source's does not.
        #expect(try Self.kept(try await client.wheel("w", dx: 0, dy: 1, t: 1400, source: .other)).index == 2)
        let back = try Self.snap(try await client.wheel("w", dx: -1, dy: 0, t: 1500, x: 700))
        #expect(back.index == 1 && back.from == 700)
    }

    @Test func aTouchpadGesture() async throws {
        let server = try TestServer()
        defer { server.stop() }
        let client = try DetentClient(socketPath: server.path)
        let at1 = CollectionGeometry(viewport: 400, items: .uniform(size: 400, count: 6), index: 1)
        _ = try await client.open("w", plugin: "paging", geometry: at1)
        let begin = ScrollPhase.begin, end = ScrollPhase.end
        #expect(try Self.moved(try await client.scroll("w", dx: 0, dy: 0, t: 3000, phase: begin)) == 400)
        #expect(try Self.moved(try await client.scroll("w", dx: 0, dy: 0, t: 3000, phase: begin)) == 400)  // Qt doubles it
        var drawn: [Double] = []
        for (dx, dy, t) in [(10.0, 0.0, 3016.0), (20, 5, 3032), (30, 0, 3048)] {
            drawn.append(try Self.moved(try await client.scroll("w", dx: dx, dy: dy, t: t)))
        }
        #expect(drawn == [410, 430, 460])
        _ = try Self.kept(try await client.wheel("w", dx: 1, dy: 0, t: 3050))  // the touchpad holds the content
        let decision = try Self.snap(try await client.scroll("w", dx: 0, dy: 0, t: 3064, phase: end))
        #expect(decision.cause == Cause.scroll.rawValue && decision.index == 2 && decision.x == 800)
        #expect(decision.from == 460 && decision.v > 0)
        #expect(try Self.snap(try await client.scroll("w", dx: 0, dy: 0, t: 3064, phase: end)) == decision)
    }

    @Test func theirRefusals() async throws {
        let server = try TestServer()
        defer { server.stop() }
        let client = try DetentClient(socketPath: server.path)
        _ = try await client.open("w", plugin: "paging", geometry: Self.pages)
        _ = try await client.wheel("w", dx: 0, dy: 1, t: 1000)
        func refusal(_ call: () async throws -> TypedReply.Body) async -> DetentError? {
            do {
                _ = try await call()
                return nil
            } catch let error as DetentError {
                return error
            } catch {
                return nil
            }
        }
        let noGesture = await refusal { try await client.scroll("w", dx: 5, dy: 0, t: 1100) }
        #expect(noGesture?.codeName == "bad-value" && noGesture?.message.contains("phase=begin") == true)
        let backwards = await refusal { try await client.wheel("w", dx: 0, dy: 1, t: 10) }
        #expect(backwards?.codeName == "bad-value" && backwards?.message.hasPrefix("t:") == true && backwards?.session == "w")
        #expect(await refusal { try await client.wheel("w", dx: 0, dy: .infinity, t: 1200) }?.codeName == "bad-value")
        _ = try await client.scroll("w", dx: 0, dy: 0, t: 1300, phase: .begin)
        _ = try await client.scroll("w", dx: 4, dy: 0, t: 1316)
        #expect(await refusal { try await client.scroll("w", dx: 0, dy: 0, t: 1332, phase: .begin) }?.codeName == "bad-value")
        _ = try Self.snap(try await client.scroll("w", dx: 0, dy: 0, t: 1348, phase: .end))
    }
}
