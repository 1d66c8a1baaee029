/// Reads a plugin's `options` object into a strategy's typed options.
///
/// Each read records the option as known, checks type and range, and on a
/// problem records an issue and keeps the default, so one `--check` shows
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

    /// Reads an option into its property: left as it is (its default) when
    /// absent or wrong, a problem recorded when wrong.
    public mutating func read<Options>(_ option: OptionBinding<Options>, into options: inout Options) {
        guard let json = value(option.name) else { return }
        if let problem = option.parse(json, &options) { self.problem(option.name, problem.message) }
    }

    /// Reads each option of a list in turn.
    public mutating func read<Options>(_ list: [OptionBinding<Options>], into options: inout Options) {
        for option in list { read(option, into: &options) }
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
