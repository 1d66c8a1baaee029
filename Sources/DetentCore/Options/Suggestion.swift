/// "Did you mean": the known name nearest a misspelt one.
public enum Suggestion {
    /// The candidate nearest `word` by edit distance, if near enough to be a typo.
    public static func nearest(to word: String, in candidates: [String]) -> String? {
        let w = Array(word.lowercased().unicodeScalars)
        guard !w.isEmpty, w.count <= 64 else { return nil }
        var best: (name: String, distance: Int)?
        for candidate in candidates {
            let d = distance(w, Array(candidate.lowercased().unicodeScalars))
            if d < (best?.distance ?? Int.max) { best = (candidate, d) }
        }
        guard let best else { return nil }
        let allowed = max(1, min(3, (best.name.count + 1) / 3))
        return best.distance <= allowed ? best.name : nil
    }

    /// The hint an error message ends with: ` (did you mean "open"?)`, or
    /// nothing when no candidate is near enough.
    public static func hint(for word: String, in candidates: [String]) -> String {
        nearest(to: word, in: candidates).map { " (did you mean \"\($0)\"?)" } ?? ""
    }

    /// Edit distance counting a swap of neighbours as one edit (optimal
    /// string alignment), since `opne` for `open` is the commonest typo.
    static func distance(_ a: [Unicode.Scalar], _ b: [Unicode.Scalar]) -> Int {
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var before = [Int](repeating: 0, count: b.count + 1)
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    current[j] = min(current[j], before[j - 2] + 1)
                }
            }
            (before, previous, current) = (previous, current, before)
        }
        return previous[b.count]
    }
}
