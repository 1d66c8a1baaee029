/// The verbs of a session (detent-protocol(7), "Verbs"), each with its
/// values: required ones plain, optional ones optional.
public enum SessionCommand: Sendable, Equatable {
    /// Boxed (indirect): a gesture stays small to pass around, which
    /// measured cheaper than deciding when the geometry was inline.
    indirect case open(plugin: String?, geometry: GeometrySpec)
    indirect case layout(GeometrySpec)
    case begin(x: Double, t: Double?)
    case move(x: Double, t: Double?)
    case end(x: Double, v: Double?, target: Double?, t: Double?)
    case cancel
    /// `index` is integral; its range is the session's to judge.
    case goto(index: Double, x: Double?)
    case autoplay(every: Double)
    case close

    public var verb: Verb {
        switch self {
        case .open: .open
        case .layout: .layout
        case .begin: .begin
        case .move: .move
        case .end: .end
        case .cancel: .cancel
        case .goto: .goto
        case .autoplay: .autoplay
        case .close: .close
        }
    }
}
