/// A field of reply lines (detent-protocol(7), "Requests" and "Motion"):
/// its name, once, and what its value is; each is generated from
/// protocol/detent-protocol.json (`ReplyKind+Table.swift`). The daemon's `ReplyWriter`
/// writes fields by these, the Swift client's `Reply` reads them by these,
/// and `ReplyKind` says which each reply line has.
public struct ReplyField: Sendable, Hashable, CustomStringConvertible {
    /// What a field's value is.
    public enum Value: Sendable {
        /// A whole number.
        case integer
        /// A number, as `NumberFormat` spells it.
        case number
        /// A token: a name, a code, a mode.
        case word
        /// A list of tokens (`a,b` in text, an array in JSON).
        case words
        /// Any text, quoted when it must be.
        case string
    }

    /// The name, as bytes known when compiling (the writer copies them).
    public let key: StaticString
    public let value: Value

    init(_ key: StaticString, _ value: Value) {
        self.key = key
        self.value = value
    }

    public var name: String { key.description }
    public var description: String { name }
    /// Whether the daemon computes it: always a finite number.
    public var isNumeric: Bool { value == .integer || value == .number }

    public static func == (a: ReplyField, b: ReplyField) -> Bool { a.name == b.name }
    public func hash(into hasher: inout Hasher) { hasher.combine(name) }
}
