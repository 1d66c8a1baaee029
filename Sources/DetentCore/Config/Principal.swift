/// A user or group of `allowUsers`/`allowGroups`: a name, or a numeric id.
public enum Principal: Sendable, Equatable, CustomStringConvertible {
    case name(String)
    case id(UInt32)

    public var description: String {
        switch self {
        case .name(let name): name
        case .id(let id): String(id)
        }
    }
}
