/// An option as plugins.json(5) lists it: name, default, rule.
public struct OptionDescription: Sendable, Equatable, CustomStringConvertible {
    public var name: String
    public var defaultText: String
    public var rule: String

    public init(name: String, defaultText: String, rule: String) {
        self.name = name
        self.defaultText = defaultText
        self.rule = rule
    }

    public var description: String { "\(name) (default \(defaultText)): \(rule)" }
}
