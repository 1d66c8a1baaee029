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

    /// An option as its spec states it: the default when absent, else the
    /// value, or the default and a problem recorded.
    public mutating func read<Value>(_ spec: OptionSpec<Value>) -> Value {
        guard let json = value(spec.name) else { return spec.defaultValue }
        switch spec.parse(json) {
        case .success(let value): return value
        case .failure(let problem):
            self.problem(spec.name, problem.message)
            return spec.defaultValue
        }
    }

    /// Records a problem an option's own rule found.
    public mutating func report(_ key: String, _ message: String) { problem(key, message) }

    /// Issues for options no getter asked for.
    public func unknownOptions() -> [ConfigIssue] {
        members.filter { !known.contains($0.key) }.map { member in
            let hint = Suggestion.hint(for: member.key, in: known)
            return ConfigIssue(file: file, path: path.appending(member.key),
                               message: "unknown option of strategy \"\(strategy)\"\(hint)")
        }
    }
}
