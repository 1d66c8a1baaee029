/// A field of reply lines (detent-protocol(7), "Requests" and "Motion"):
/// its name, once, and what its value is. The daemon's `ReplyWriter`
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

    public static let s = ReplyField("s", .word)
    public static let id = ReplyField("id", .string)
    public static let proto = ReplyField("proto", .integer)
    public static let server = ReplyField("server", .word)
    public static let plugins = ReplyField("plugins", .words)
    public static let names = ReplyField("names", .words)
    public static let `default` = ReplyField("default", .word)
    public static let plugin = ReplyField("plugin", .word)
    public static let index = ReplyField("index", .integer)
    public static let x = ReplyField("x", .number)
    public static let snaps = ReplyField("snaps", .integer)
    public static let pad = ReplyField("pad", .number)
    public static let dup = ReplyField("dup", .integer)
    public static let jump = ReplyField("jump", .number)
    public static let mode = ReplyField("mode", .word)
    public static let cause = ReplyField("cause", .word)
    public static let page = ReplyField("page", .integer)
    public static let from = ReplyField("from", .number)
    public static let v = ReplyField("v", .number)
    public static let curve = ReplyField("curve", .word)
    public static let rate = ReplyField("rate", .number)
    public static let omega = ReplyField("omega", .number)
    public static let accel = ReplyField("accel", .number)
    public static let stop = ReplyField("stop", .integer)
    public static let ms = ReplyField("ms", .integer)
    public static let every = ReplyField("every", .number)
    public static let connections = ReplyField("connections", .integer)
    public static let sessions = ReplyField("sessions", .integer)
    public static let requests = ReplyField("requests", .integer)
    public static let errors = ReplyField("errors", .integer)
    public static let uptime = ReplyField("uptime", .integer)
    public static let code = ReplyField("code", .word)
    public static let msg = ReplyField("msg", .string)
}
