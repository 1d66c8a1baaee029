/// One option of a strategy, stated once: its name, its default and the
/// rule it must follow, in words (errors, `--check` and plugins.json(5)
/// say it, and a test holds the man page to it), and how a JSON value
/// becomes a value.
public struct OptionSpec<Value: Sendable>: Sendable {
    public let name: String
    public let defaultValue: Value
    public let rule: String
    /// The value a JSON value makes, or what is wrong with it.
    let parse: @Sendable (JSONValue) -> Result<Value, OptionProblem>
    /// How a value is written (`--check`, the man page's defaults).
    public let show: @Sendable (Value) -> String

    public init(_ name: String, default defaultValue: Value, rule: String,
                parse: @escaping @Sendable (JSONValue) -> Result<Value, OptionProblem>,
                show: @escaping @Sendable (Value) -> String) {
        self.name = name
        self.defaultValue = defaultValue
        self.rule = rule
        self.parse = parse
        self.show = show
    }

    /// Name, default and rule, for lists.
    public var description: OptionDescription {
        OptionDescription(name: name, defaultText: show(defaultValue), rule: rule)
    }

    /// The same option with another default (a strategy's own).
    public func defaulting(to value: Value) -> OptionSpec {
        OptionSpec(name, default: value, rule: rule, parse: parse, show: show)
    }

    /// `name=value`, for `--check`.
    public func pair(_ value: Value) -> (String, String) { (name, show(value)) }
}

extension OptionSpec where Value == Double {
    /// A number within `valid`, `rule` saying which in words.
    public static func number(_ name: String, default value: Double, rule: String,
                              valid: @escaping @Sendable (Double) -> Bool) -> OptionSpec {
        OptionSpec(name, default: value, rule: rule, parse: { json in
            guard case .number(let number, _) = json, number.isFinite else { return .failure(OptionProblem("must be a number, \(rule)")) }
            guard valid(number) else { return .failure(OptionProblem("\(NumberFormat.string(number)) is out of range: must be \(rule)")) }
            return .success(number)
        }, show: NumberFormat.string)
    }
}

extension OptionSpec where Value: RawRepresentable & CaseIterable, Value.RawValue == String {
    /// A word from a fixed set.
    public static func choice(_ name: String, default value: Value) -> OptionSpec {
        let names = Value.allCases.map { "\"\($0.rawValue)\"" }.joined(separator: ", ")
        return OptionSpec(name, default: value, rule: "one of \(names)", parse: { json in
            guard case .string(let text) = json, let choice = Value(rawValue: text) else { return .failure(OptionProblem("must be one of \(names)")) }
            return .success(choice)
        }, show: { $0.rawValue })
    }
}

extension OptionSpec where Value == Bool {
    /// `true` or `false`.
    public static func flag(_ name: String, default value: Bool) -> OptionSpec {
        OptionSpec(name, default: value, rule: "true or false", parse: { json in
            guard case .bool(let flag) = json else { return .failure(OptionProblem("must be true or false")) }
            return .success(flag)
        }, show: { $0 ? "true" : "false" })
    }
}
