/// The built-in strategies by name: what `"strategy"` in plugins.json may say.
public enum StrategyRegistry {
    /// Every registered strategy type. A new strategy adds one line here.
    public static let all: [any BuiltInStrategy.Type] = [
        PagingStrategy.self,
        FlickStrategy.self,
        AdjacentStrategy.self,
        NearestStrategy.self,
        GroupStrategy.self,
        CarouselStrategy.self,
        FlutterPageStrategy.self,
        EmblaStrategy.self,
        SwiperStrategy.self,
        ComposePagerStrategy.self,
        AndroidPagerStrategy.self,
        AndroidLinearStrategy.self,
        AdwaitaStrategy.self,
        QtSwipeViewStrategy.self,
        CssSnapStrategy.self,
    ]

    /// The registered names, in registration order.
    public static var names: [String] { all.map { $0.about.name } }

    /// The strategy type registered as `name`.
    public static func type(named name: String) -> (any BuiltInStrategy.Type)? {
        all.first { $0.about.name == name }
    }

    /// Builds a strategy of `type` from a plugin's options; problems go to `reader`.
    public static func make(_ type: any BuiltInStrategy.Type, reading reader: inout OptionReader) -> any Strategy {
        func open<S: BuiltInStrategy>(_: S.Type) -> any Strategy { S(options: S.readOptions(&reader)) }
        return open(type)
    }
}
