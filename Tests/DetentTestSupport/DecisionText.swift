/// Reply lines seen as their decision alone: a `snap` line without its
/// motion fields (`from v curve rate omega ms`). The tests of a strategy
/// pin where it rests; the motion has tests of its own that read the
/// whole line.
public enum DecisionText {
    /// The motion's keys, in text and JSON.
    public static let motionKeys: Set<String> = ["from", "v", "curve", "rate", "omega", "ms", "p1x", "p1y", "p2x", "p2y", "span", "path"]

    /// The motion fields of a text `snap` line, as written (`from=... ms=...`).
    public static func motion(_ line: String?) -> String? {
        guard let line, line.hasPrefix("snap ") else { return nil }
        return line.split(separator: " ").filter { field in
            field.firstIndex(of: "=").map { motionKeys.contains(String(field[..<$0])) } ?? false
        }.joined(separator: " ")
    }

    /// `line` without the motion fields if it is a `snap` line, else as is.
    public static func withoutMotion(_ line: String) -> String {
        if line.hasPrefix("snap ") {
            return line.split(separator: " ", omittingEmptySubsequences: false)
                .filter { field in
                    guard let eq = field.firstIndex(of: "=") else { return true }
                    return !motionKeys.contains(String(field[..<eq]))
                }
                .joined(separator: " ")
        }
        if line.hasPrefix(#"{"op":"snap""#) {
            // Reply members are `"key":value` with plain values: split at
            // commas outside strings.
            var members: [String] = []
            var current = ""
            var inString = false
            var escaped = false
            for ch in line.dropFirst().dropLast() {
                if inString {
                    if escaped { escaped = false } else if ch == "\\" { escaped = true } else if ch == "\"" { inString = false }
                } else if ch == "\"" {
                    inString = true
                } else if ch == "," {
                    members.append(current)
                    current = ""
                    continue
                }
                current.append(ch)
            }
            members.append(current)
            let kept = members.filter { member in
                guard member.hasPrefix("\""), let end = member.dropFirst().firstIndex(of: "\"") else { return true }
                return !motionKeys.contains(String(member[member.index(after: member.startIndex)..<end]))
            }
            return "{" + kept.joined(separator: ",") + "}"
        }
        return line
    }
}
