/// `paging`'s `page` option: how far one page moves.
public enum PageLength: Sendable, Equatable, CustomStringConvertible {
    /// The viewport: UIKit's `isPagingEnabled` (seed 000's bug).
    case viewport
    /// The first item's length plus spacing (seed 001's hidden scroll view).
    case pitch
    /// A fixed length in points.
    case fixed(Double)

    public var description: String {
        switch self {
        case .viewport: "viewport"
        case .pitch: "pitch"
        case .fixed(let length): NumberFormat.string(length)
        }
    }
}
