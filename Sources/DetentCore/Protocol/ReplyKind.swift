/// A kind of reply line and its fields (detent-protocol(7), "Requests"
/// and "Motion"): the one description of what each line holds. The daemon
/// writes by it (`Replies`), the Swift client decodes by it, and the
/// conformance corpus is checked against it; `id` may be on any.
public struct ReplyKind: Sendable, CustomStringConvertible {
    /// The line's verb, as bytes known when compiling.
    public let verb: StaticString
    /// The fields always there.
    public let required: [ReplyField]
    /// The fields there only sometimes (`pad` with `contain=pad`).
    public let optional: [ReplyField]

    init(_ verb: StaticString, _ required: [ReplyField] = [], optional: [ReplyField] = []) {
        self.verb = verb
        self.required = required
        self.optional = optional
    }

    public var name: String { verb.description }
    public var description: String { name }
    /// Every field it may have, `id` included.
    public var fields: [ReplyField] { required + optional + [.id] }

    /// The kind named `name`, if there is one.
    public static func named(_ name: String) -> ReplyKind? { all.first { $0.name == name } }

    public static let hello = ReplyKind("hello", [.proto, .server, .plugins])
    public static let pong = ReplyKind("pong")
    public static let plugins = ReplyKind("plugins", [.names, .default])
    public static let opened = ReplyKind("opened", [.s, .plugin, .index, .x, .snaps], optional: [.pad, .dup])
    public static let began = ReplyKind("began", [.s, .index, .x], optional: [.jump])
    public static let moved = ReplyKind("moved", [.s, .x])
    public static let snap = ReplyKind("snap", [.s, .index, .x, .mode, .cause, .from, .v, .curve, .ms],
                                       optional: [.page, .jump, .rate, .omega, .accel, .stop])
    public static let ok = ReplyKind("ok", [.s, .every])
    public static let closed = ReplyKind("closed", [.s])
    public static let stats = ReplyKind("stats", [.connections, .sessions, .requests, .errors, .uptime])
    public static let bye = ReplyKind("bye")
    public static let error = ReplyKind("error", [.code, .msg], optional: [.s])

    public static let all: [ReplyKind] = [hello, pong, plugins, opened, began, moved, snap, ok, closed, stats, bye, error]
}
