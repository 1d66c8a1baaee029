import DetentCore

/// `detent simulate`'s shorthand for a run of wheel notches or a touchpad
/// swipe in one `--gesture`: lists in dx, dy or t (comma-separated), or
/// `every=MS` after a first t, make one request per element.
///
///     wheel dy=1,1,-1 t=0,100,300         three wheel events
///     wheel dy=1 t=0 every=50 n=4         four notches 50 ms apart
///     scroll dx=12,20,26,18 t=0 every=16  a swipe: begin (with the first
///                                         deltas), an update per element,
///                                         then phase=end one step later
///
/// Other keys (source, x) go on every wheel event, and on a swipe's begin.
/// A line without a list or every is sent as written.
public enum GestureShorthand {
    public static func expand(_ gesture: String) throws(SimulationError) -> [String] {
        let words = gesture.split(whereSeparator: { $0 == " " || $0 == "\t" }).map(String.init)
        guard let verb = words.first.flatMap(Verb.init), verb == .wheel || verb == .scroll else { return [gesture] }
        var keys: [(name: String, value: String)] = []
        for word in words.dropFirst() {
            guard let equals = word.firstIndex(of: "=") else { return [gesture] } // the daemon says what is wrong
            keys.append((String(word[..<equals]), String(word[word.index(after: equals)...])))
        }
        func value(_ name: String) -> String? { keys.last(where: { $0.name == name })?.value }
        let listed = ["dx", "dy", "t"].contains { value($0)?.contains(",") == true }
        guard listed || value("every") != nil || value("n") != nil else { return [gesture] }

        func numbers(_ name: String) throws(SimulationError) -> [Double] {
            guard let text = value(name) else { return [0] }
            let parsed = text.split(separator: ",", omittingEmptySubsequences: false).map { Double($0) }
            guard !parsed.isEmpty, parsed.allSatisfy({ $0?.isFinite == true }) else {
                throw SimulationError("gesture \"\(gesture)\": \(name) takes numbers separated by commas")
            }
            return parsed.map { $0! }
        }
        let dx = try numbers("dx"), dy = try numbers("dy"), t = try numbers("t")
        let every = value("every") == nil ? nil : try numbers("every").first
        let n = value("n") == nil ? nil : try numbers("n").first
        let lengths = Set([dx.count, dy.count, t.count].filter { $0 > 1 })
        guard lengths.count <= 1 else {
            throw SimulationError("gesture \"\(gesture)\": the lists of dx, dy and t must be as long as each other")
        }
        guard value("t") != nil else { throw SimulationError("gesture \"\(gesture)\": give t (the first event's ms)") }
        if let n, !(n >= 1 && n <= 10_000 && n == n.rounded()) || (lengths.first.map { Double($0) != n } ?? false) {
            throw SimulationError("gesture \"\(gesture)\": n is the number of events (1 to 10000), as long as any list")
        }
        let count = lengths.first ?? Int(n ?? 1)
        if t.count == 1, count > 1, every == nil {
            throw SimulationError("gesture \"\(gesture)\": give t as a list, or every=MS between the events")
        }
        guard (every ?? 1) > 0 else { throw SimulationError("gesture \"\(gesture)\": every must be above 0") }
        func at(_ list: [Double], _ i: Int) -> Double { list.count == 1 ? list[0] : list[i] }
        func time(_ i: Int) -> Double { t.count == 1 ? t[0] + Double(i) * (every ?? 0) : t[i] }
        let n_ = NumberFormat.string
        let others = keys.filter { !["dx", "dy", "t", "every", "n", "phase"].contains($0.name) }
            .map { "\($0.name)=\($0.value)" }.joined(separator: " ")
        let extra = others.isEmpty ? "" : " " + others
        let events = (0..<count).map { "dx=\(n_(at(dx, $0))) dy=\(n_(at(dy, $0))) t=\(n_(time($0)))" }
        if verb == .wheel { return events.map { "\(verb.name) \($0)\(extra)" } }
        guard value("phase") == nil else {
            throw SimulationError("gesture \"\(gesture)\": a swipe's phases are its own; leave phase out")
        }
        let last = time(count - 1) + (every ?? 0)
        let name = verb.name
        return ["\(name) \(events[0]) phase=begin\(extra)"] + events.map { "\(name) \($0)" }
            + ["\(name) dx=0 dy=0 t=\(n_(last)) phase=end"]
    }
}
