/// A kind of reply line and its fields (detent-protocol(7), "Requests"
/// and "Motion"): each kind is generated from protocol/detent-protocol.json
/// (`ReplyKind+Table.swift`). The daemon writes by it (`Replies`), the
/// Swift client decodes by it, and the conformance corpus is checked
/// against it; `id` may be on any.
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
}
