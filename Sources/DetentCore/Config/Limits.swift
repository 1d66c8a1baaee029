/// `limits` of plugins.json; the defaults are plugins.json(5)'s.
public struct Limits: Sendable, Equatable {
    public var maxConnections = 1024
    public var maxLineBytes = 4096
    public var maxSessionsPerConnection = 64
    public var maxItems = 10000
    public var maxOutputBytes = 1_048_576

    public init() {}

    /// The keys of `limits`, in plugins.json(5)'s order.
    public static let keys = ["maxConnections", "maxLineBytes", "maxSessionsPerConnection", "maxItems", "maxOutputBytes"]

    /// The limit named `key`.
    public subscript(key: String) -> Int? {
        get {
            switch key {
            case "maxConnections": maxConnections
            case "maxLineBytes": maxLineBytes
            case "maxSessionsPerConnection": maxSessionsPerConnection
            case "maxItems": maxItems
            case "maxOutputBytes": maxOutputBytes
            default: nil
            }
        }
        set {
            guard let newValue else { return }
            switch key {
            case "maxConnections": maxConnections = newValue
            case "maxLineBytes": maxLineBytes = newValue
            case "maxSessionsPerConnection": maxSessionsPerConnection = newValue
            case "maxItems": maxItems = newValue
            case "maxOutputBytes": maxOutputBytes = newValue
            default: break
            }
        }
    }
}
