/// A configured plugin: a name from plugins.json and its strategy instance.
/// Sessions hold their plugin, so a reload never changes an open session.
public struct Plugin: Sendable {
    public let name: String
    public let strategy: any Strategy

    public init(name: String, strategy: any Strategy) {
        self.name = name
        self.strategy = strategy
    }

    /// The same plugin for one session that said `swipes`
    /// (detent-protocol(7), `open`): the strategy's own notion of it, if any.
    public func tuned(longSwipes: Bool?) -> Plugin {
        guard let longSwipes else { return self }
        return Plugin(name: name, strategy: strategy.tuned(longSwipes: longSwipes))
    }

    /// The strategy's registered name.
    public var strategyName: String { strategy.name }

    /// Every effective option, the strategy's own first, as `name=value`.
    public var effectiveOptions: [(String, String)] {
        strategy.summary + strategy.common.summary
    }
}
