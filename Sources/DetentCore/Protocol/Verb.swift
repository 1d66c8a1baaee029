/// The verbs of detent-protocol(7) and the keys each one takes.
public enum Verb: String, Sendable, CaseIterable {
    case hello, ping, plugins, open, layout, begin, move, end, cancel, goto, autoplay, close, stats, quit

    /// The geometry keys of `open` and `layout`.
    public static let geometryKeys: [Key] = [
        .viewport, .item, .count, .sizes, .points, .spacing, .lead, .trail, .align, .contain, .index, .axis, .loop,
    ]

    /// Every key the verb takes, `id` included.
    public var keys: [Key] {
        switch self {
        case .hello: [.id, .client]
        case .ping, .plugins, .stats, .quit: [.id]
        case .open: [.s, .id, .plugin] + Self.geometryKeys
        case .layout: [.s, .id] + Self.geometryKeys
        case .begin, .move: [.s, .id, .x, .t]
        case .end: [.s, .id, .x, .v, .target, .t]
        case .cancel, .close: [.s, .id]
        case .goto: [.s, .id, .index, .x]
        case .autoplay: [.s, .id, .every]
        }
    }

    /// Keys without which the request means nothing.
    public var requiredKeys: [Key] {
        switch self {
        case .hello, .ping, .plugins, .stats, .quit: []
        case .open, .layout: [.s, .viewport]
        case .begin, .move, .end: [.s, .x]
        case .cancel, .close: [.s]
        case .goto: [.s, .index]
        case .autoplay: [.s, .every]
        }
    }
}
