/// A configured plugin: a name from plugins.json and its strategy instance.
/// Sessions hold their plugin, so a reload never changes an open session.
public struct Plugin: Sendable {
    public let name: String
    public let strategy: any Strategy

    public init(name: String, strategy: any Strategy) {
        self.name = name
        self.strategy = strategy
    }

    /// The strategy's registered name.
    public var strategyName: String { strategy.name }

    /// Every effective option, the strategy's own first, as `name=value`.
    public var effectiveOptions: [(String, String)] {
        strategy.summary + strategy.common.summary
    }
}
