/// One option of a built-in strategy, stated once: its spec (name, default,
/// rule) bound to the property of the strategy's options it sets. Reading
/// it, `--check`'s summary and plugins.json(5)'s list all derive from the
/// strategy's list of these (`BuiltInStrategy.declaredOptions`).
public struct OptionBinding<Options>: @unchecked Sendable {
    /// Name, default and rule.
    public let description: OptionDescription
    /// Reads the option into its property (its default when absent).
    let read: (inout OptionReader, inout Options) -> Void
    /// `name=value` of the property, for `--check`.
    let pair: (Options) -> (String, String)

    public init<Value>(_ spec: OptionSpec<Value>, _ property: WritableKeyPath<Options, Value>) {
        description = spec.description
        read = { reader, options in options[keyPath: property] = reader.read(spec) }
        pair = { options in spec.pair(options[keyPath: property]) }
    }
}
