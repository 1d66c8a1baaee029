/// Reads a plugin's `options` object into a strategy's typed options.
///
/// Each getter records the option as known, checks type and range, and on a
/// problem records an issue and returns the default, so one `--check` shows
/// every problem. Options nobody asked for are reported by `unknownOptions`,
/// with the nearest known name.
public struct OptionReader {
    let file: String
    let path: JSONPath
    let strategy: String
    let members: [JSONMember]
    public private(set) var known: [String] = []
    public private(set) var issues: [ConfigIssue] = []

    public init(file: String, path: JSONPath, strategy: String, members: [JSONMember]) {
        self.file = file
        self.path = path
        self.strategy = strategy
        self.members = members
    }

    private mutating func value(_ key: String) -> JSONValue? {
        known.append(key)
        return members.first { $0.key == key }?.value
    }

    private mutating func problem(_ key: String, _ message: String) {
        issues.append(ConfigIssue(file: file, path: path.appending(key), message: "\(message) (option of strategy \"\(strategy)\")"))
    }

    /// A number option; `valid` states the range, `rule` says it in words.
    public mutating func number(_ key: String, default fallback: Double, rule: String, valid: (Double) -> Bool) -> Double {
        guard let value = value(key) else { return fallback }
        guard case .number(let number, _) = value, number.isFinite else {
            problem(key, "must be a number, \(rule)")
            return fallback
        }
        guard valid(number) else {
            problem(key, "\(NumberFormat.string(number)) is out of range: must be \(rule)")
            return fallback
        }
        return number
    }

    /// A word from a fixed set.
    public mutating func choice<T: RawRepresentable & CaseIterable>(
        _ key: String, default fallback: T
    ) -> T where T.RawValue == String {
        let names = T.allCases.map { "\"\($0.rawValue)\"" }.joined(separator: ", ")
        guard let value = value(key) else { return fallback }
        guard case .string(let text) = value, let choice = T(rawValue: text) else {
            problem(key, "must be one of \(names)")
            return fallback
        }
        return choice
    }

    /// The raw value of an option with its own rules (e.g. `page`).
    public mutating func raw(_ key: String) -> JSONValue? { value(key) }

    /// Records a problem with an option read by `raw`.
    public mutating func report(_ key: String, _ message: String) { problem(key, message) }

    /// Issues for options no getter asked for.
    public func unknownOptions() -> [ConfigIssue] {
        members.filter { !known.contains($0.key) }.map { member in
            let hint = Suggestion.nearest(to: member.key, in: known).map { " (did you mean \"\($0)\"?)" } ?? ""
            return ConfigIssue(file: file, path: path.appending(member.key),
                               message: "unknown option of strategy \"\(strategy)\"\(hint)")
        }
    }
}
