/// A parsed JSON value. Objects keep their members in order, so errors can be
/// reported in line order and replies echo what was sent.
public indirect enum JSONValue: Sendable, Equatable {
    /// A number: its value (infinite when the literal overflows a double) and
    /// its literal, so an `id` can be echoed unchanged.
    case number(Double, literal: String)
    case string(String)
    case bool(Bool)
    case null
    case array([JSONValue])
    case object([JSONMember])
    /// Nesting deeper than the parser follows; syntax was still checked.
    case tooDeep

    /// A short name of the value's type, for error messages.
    public var typeName: String {
        switch self {
        case .number: "a number"
        case .string: "a string"
        case .bool: "a boolean"
        case .null: "null"
        case .array: "an array"
        case .object, .tooDeep: "an object"
        }
    }
}

/// One member of a JSON object.
public struct JSONMember: Sendable, Equatable {
    public var key: String
    public var value: JSONValue
}
