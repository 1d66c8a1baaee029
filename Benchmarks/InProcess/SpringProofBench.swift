import DetentCore

/// `detent-bench --spring-proof N`: the spring's closed-form duration
/// against the search it replaced, on N random springs (issue 22 asks for a
/// hundred million), and the cost of each way on the same million.
struct SpringProofBench {
    var count: Int
    var json: Bool

    func run() throws {
        var proof = SpringProof(seed: 2022)
        let chunk = 10_000_000
        var done = 0
        let start = InProcessBench.now()
        while done < count {
            let n = min(chunk, count - done)
            proof.run(n)
            done += n
            if !json { print("  \(done) springs checked, \(proof.mismatches.count) mismatches") }
        }
        let seconds = Double(InProcessBench.now() - start) / 1e9
        var timing = SpringProof(seed: 7)
        let (mixFast, mixSearch) = Self.time(timing.springs(1 << 20))
        let (fast, search) = Self.time(timing.springs(1 << 20, usual: true))
        let share = Double(proof.closedForm) / Double(max(1, proof.checked))
        if json {
            print("{\"springs\":\(proof.checked),\"closed_form\":\(proof.closedForm),\"mismatches\":\(proof.mismatches.count),"
                + "\"seconds\":\(Int(seconds)),\"closed_form_ns\":\(InProcessBench.n(fast)),\"search_ns\":\(InProcessBench.n(search)),"
                + "\"mix_closed_form_ns\":\(InProcessBench.n(mixFast)),\"mix_search_ns\":\(InProcessBench.n(mixSearch))}")
        } else {
            print("""
                \(proof.checked) random springs in \(Int(seconds)) s: \(proof.mismatches.count) whose ms differ \
                (\(Int((share * 100).rounded()))% took the closed form)
                ns per duration, a million usual springs (pages up to 1000 pt, up to 10 pt/ms): \
                closed form \(InProcessBench.n(fast)), search \(InProcessBench.n(search))
                ns per duration, a million of the whole mix: closed form \(InProcessBench.n(mixFast)), search \(InProcessBench.n(mixSearch))
                """)
        }
        for m in proof.mismatches { print("MISMATCH \(m)") }
        guard proof.mismatches.isEmpty else { throw BenchFailure("the closed form differs from the search") }
    }

    /// ns per duration by each way, best of five runs over the springs.
    static func time(_ springs: [Motion]) -> (Double, Double) {
        func omega(_ m: Motion) -> Double { if case .spring(let w) = m.curve { w } else { 0 } }
        var sink = 0
        let n = springs.count
        let fast = InProcessBench.time(n) { i in sink &+= springs[i].springDuration(omega: omega(springs[i])) }
        let search = InProcessBench.time(n) { i in sink &+= springs[i].springDurationBySearch(omega: omega(springs[i])) }
        if sink == 42 { print("") }
        return (fast.0, search.0)
    }
}
