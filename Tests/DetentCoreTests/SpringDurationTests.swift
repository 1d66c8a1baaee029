#if canImport(Glibc)
import Glibc
#endif
import Testing
@testable import DetentCore

/// The spring's duration by its closed form (issue 22) is the search's, ms
/// for ms: a million random springs here, a hundred million in
/// `detent-bench --spring-proof` (BENCHMARKS.md).
struct SpringDurationTests {
    @Test func aMillionSpringsSettleOnTheSearchsMs() {
        var proof = SpringProof(seed: 22)
        proof.run(1_000_000)
        #expect(proof.mismatches.isEmpty, "\(proof.mismatches)")
        // Most springs take the closed form; the rest are the search's anyway.
        #expect(proof.closedForm > proof.checked / 2, "\(proof.closedForm) of \(proof.checked)")
    }

    /// The worked springs of detent-protocol(7) and the corpus, by both ways.
    @Test func cornersAgree() {
        let w = 2 * Double.pi / 400
        let cases: [(Double, Double, Double)] = [
            (90, 351, 1.4), (0, 351, 0), (351, 351, 0), (351.4, 351, 0), (351.6, 351, 0),
            (700, 351, -0.2), (411, 351, 0.3), (0, 1e6, 0), (1e300, 0, 0), (0, 351, 1e300),
            (351, 351, 5), (351, 351, -1e-9), (-Double.leastNonzeroMagnitude, 0, 0), (350.5, 351, 0.001),
        ]
        for (from, to, v) in cases {
            let m = Motion(from: from, to: to, v: v, curve: .spring(omega: w), duration: 0)
            #expect(m.springDuration(omega: w) == m.springDurationBySearch(omega: w), "from=\(from) to=\(to) v=\(v)")
        }
    }

    /// Where the search's bracket passes `maxDuration` it answers
    /// `maxDuration`, though the curve settles a few seconds sooner: the
    /// closed form keeps to that answer (its guards), bytes unchanged.
    @Test func aBracketPastTheLongestKeepsTheSearchsAnswer() {
        let w = 2 * Double.pi / 60000
        let a = exp(w * (Double(Motion.maxDuration) - 0.5)) / 4
        let m = Motion(from: a, to: 0, v: -w * a * (1 - 1e-3), curve: .spring(omega: w), duration: 0)
        #expect(m.springDurationBySearch(omega: w) == Motion.maxDuration)
        #expect(m.springDuration(omega: w) == Motion.maxDuration)
    }

    /// A spring that passes its target only after minutes, its overshoot
    /// under half a point, settles when it first gets within half a point:
    /// the search's Newton stopped at that pass (a tiny step where the
    /// distance is 0) and answered `maxDuration`, 10 minutes (found by the
    /// closed form's proof). Scanning the curve says 1800.
    @Test func aSpringPassingItsTargetLateSettlesWhenItGetsThere() {
        let w = 0.004122902961658164  // springResponseMs 1524
        let m = Motion(from: 762.6552837038379, to: 1600, v: 3.4534801555301935, curve: .spring(omega: w), duration: 0)
        #expect(m.distance(at: 1799) > Motion.settled && m.distance(at: 1800) <= Motion.settled)
        #expect(m.springDurationBySearch(omega: w) == 1800)
        #expect(m.springDuration(omega: w) == 1800)
    }

    /// The contract itself, by scanning, on springs of that kind: heading
    /// for `to` at about the spring's own rate, so the pass comes late
    /// (from seconds to hours after the crossing).
    @Test func lateOvershootsSettleOnTheScannedMs() {
        var state: UInt64 = 1524
        func next() -> Double {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return Double(state >> 11) / Double(1 << 53)
        }
        for _ in 0..<300 {
            let w = 2 * Double.pi / (100 + next() * 3000)
            let a = (next() < 0.5 ? -1 : 1) * (1 + next() * 1000)
            let m = Motion(from: 500 + a, to: 500, v: -w * a * (1 + pow(10, -3 - 5 * next())), curve: .spring(omega: w), duration: 0)
            for ms in [m.springDuration(omega: w), m.springDurationBySearch(omega: w)] {
                #expect(ms < Motion.maxDuration)
                #expect(ms == 0 || m.distance(at: Double(ms - 1)) > Motion.settled, "a=\(a) w=\(w): settled before \(ms)")
                #expect((0..<3000).allSatisfy { m.distance(at: Double(ms + $0)) <= Motion.settled }, "a=\(a) w=\(w): not settled from \(ms)")
            }
        }
    }

    /// The closed forms themselves land on the answer's ms (99 in 100 or
    /// more), or next to it, for usual springs (pages up to 1000 pt, up to 10 pt/ms): what makes
    /// them cheap, as `settle` then checks two ms. The answers alone would
    /// not show a closed form left unused.
    @Test func theClosedFormsLandWithinAMs() {
        var proof = SpringProof(seed: 400)
        var used = 0
        var exact = 0
        for m in proof.springs(100_000, usual: true) {
            guard case .spring(let w) = m.curve else { continue }
            let a = m.from - m.to
            let b = m.v + w * a
            guard b != 0, let (t, _) = Motion.finalFall(a: a, b: b, w: w) ?? Motion.firstFall(a: a, b: b, w: w) else { continue }
            used += 1
            let ms = m.springDuration(omega: w)
            #expect(abs(t - Double(ms)) < 2, "from=\(m.from) to=\(m.to) v=\(m.v) omega=\(w): t=\(t), ms=\(ms)")
            if Int(t.rounded(.up)) == ms { exact += 1 }
        }
        #expect(used > 90_000)
        #expect(exact >= used * 99 / 100, "\(exact) of \(used) on the very ms")
    }
}
