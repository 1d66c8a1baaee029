/// One option, stated once as a line of its options type's list: its name,
/// the property it sets (whose initial value in `Options()` is its default)
/// and the rule it must follow, in words (errors, `--check` and
/// plugins.json(5) say it, and a test holds the man page to it). Reading,
/// `--check`'s summary and plugins.json(5)'s list all derive from the list
/// (`BuiltInStrategy.declaredOptions`, `CommonOptions.options`), as
/// SwiftLint's `@ConfigurationElement` does for a rule's configuration.
public struct OptionBinding<Options>: @unchecked Sendable {
    public let name: String
    public let rule: String
    /// Sets the property from a JSON value, or leaves it and says what is wrong.
    let parse: (JSONValue, inout Options) -> OptionProblem?
    /// The property's value as written (`--check`, the man page's defaults).
    let show: (Options) -> String

    init(name: String, rule: String, parse: @escaping (JSONValue, inout Options) -> OptionProblem?,
         show: @escaping (Options) -> String) {
        self.name = name
        self.rule = rule
        self.parse = parse
        self.show = show
    }

    /// An option of any type: `parse` makes a value of a JSON value (nil:
    /// the value "must be" as `rule` says), `show` writes one.
    public init<Value>(_ name: String, _ property: WritableKeyPath<Options, Value>, rule: String,
                       parse: @escaping (JSONValue) -> Value?, show: @escaping (Value) -> String) {
        self.init(name, property, rule: rule, read: { json in
            parse(json).map { .success($0) } ?? .failure(OptionProblem("must be \(rule)"))
        }, show: show)
    }

    init<Value>(_ name: String, _ property: WritableKeyPath<Options, Value>, rule: String,
                read: @escaping (JSONValue) -> Result<Value, OptionProblem>, show: @escaping (Value) -> String) {
        self.init(name: name, rule: rule, parse: { json, options in
            switch read(json) {
            case .success(let value):
                options[keyPath: property] = value
                return nil
            case .failure(let problem): return problem
            }
        }, show: { show($0[keyPath: property]) })
    }

    /// Name, default (the property's value in `defaults`) and rule, for lists.
    public func description(defaults: Options) -> OptionDescription {
        OptionDescription(name: name, defaultText: show(defaults), rule: rule)
    }

    /// `name=value` of the property, for `--check`.
    public func pair(_ options: Options) -> (String, String) { (name, show(options)) }

    /// The same option as a part of a larger options type sees it (the
    /// common options within the ones the daemon reads for a library).
    public func within<Whole>(_ part: WritableKeyPath<Whole, Options>) -> OptionBinding<Whole> {
        let (parse, show) = (parse, show)
        return OptionBinding<Whole>(name: name, rule: rule, parse: { json, whole in parse(json, &whole[keyPath: part]) },
                                    show: { show($0[keyPath: part]) })
    }
}

extension OptionBinding {
    /// A number within `valid`, `rule` saying which in words.
    public static func number(_ name: String, _ property: WritableKeyPath<Options, Double>, _ rule: String,
                              valid: @escaping (Double) -> Bool) -> OptionBinding {
        OptionBinding(name, property, rule: rule, read: number(rule, valid), show: NumberFormat.string)
    }

    /// The same for a number whose default is none, written `absent`.
    public static func number(_ name: String, _ property: WritableKeyPath<Options, Double?>, _ rule: String, absent: String,
                              valid: @escaping (Double) -> Bool) -> OptionBinding {
        let read = number(rule, valid)
        return OptionBinding(name, property, rule: rule, read: { read($0).map(Optional.some) },
                             show: { $0.map(NumberFormat.string) ?? absent })
    }

    private static func number(_ rule: String, _ valid: @escaping (Double) -> Bool) -> (JSONValue) -> Result<Double, OptionProblem> {
        { json in
            guard case .number(let number, _) = json, number.isFinite else { return .failure(OptionProblem("must be a number, \(rule)")) }
            guard valid(number) else { return .failure(OptionProblem("\(NumberFormat.string(number)) is out of range: must be \(rule)")) }
            return .success(number)
        }
    }

    /// `true` or `false`.
    public static func flag(_ name: String, _ property: WritableKeyPath<Options, Bool>) -> OptionBinding {
        OptionBinding(name, property, rule: "true or false", parse: { json in
            if case .bool(let flag) = json { flag } else { nil }
        }, show: { $0 ? "true" : "false" })
    }

    /// A word from a fixed set: the cases' raw values.
    public static func choice<Value: RawRepresentable & CaseIterable>(
        _ name: String, _ property: WritableKeyPath<Options, Value>
    ) -> OptionBinding where Value.RawValue == String {
        let names = Value.allCases.map { "\"\($0.rawValue)\"" }.joined(separator: ", ")
        return OptionBinding(name, property, rule: "one of \(names)", parse: { json in
            if case .string(let text) = json { Value(rawValue: text) } else { nil }
        }, show: \.rawValue)
    }
}
