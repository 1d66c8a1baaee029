/// A verb of detent-protocol(7): its name, the keys it takes and needs and
/// its replies. `Verb.table` (generated from protocol/detent-protocol.json)
/// is the one table of them: the text and JSON decoders, `FastLine`, the
/// error hints, the encoder, the dispatcher and `detent simulate` read it,
/// and nothing else lists verbs or their keys.
///
/// A verb is its row's number: a request carries one byte, not the row
/// (measured: copying the row's arrays and closure cost about 40 ns a line).
public struct Verb: Sendable, Hashable, CustomStringConvertible {
    let row: UInt8

    /// Whether a verb acts on the connection or on one open session.
    public enum Scope: Sendable {
        case connection, session
    }

    /// What a row of the table states.
    struct Row: Sendable {
        let name: String
        let keys: [Key]
        let requiredKeys: [Key]
        let groups: [KeyGroup]
        let replies: [ReplyKind]
        let scope: Scope
    }

    /// Every verb, in the table's order.
    public static let all: [Verb] = table.indices.map { Verb(row: UInt8($0)) }

    /// A row of the table: `takes` lists its own keys (`s` first for a
    /// session verb), then come its groups' keys; `id` is every verb's.
    static func row(
        _ name: String, takes own: [Key], groups: [KeyGroup], needs required: [Key], replies: [ReplyKind], scope: Scope
    ) -> Row {
        let keys = own + groups.flatMap(\.keys)
        return Row(name: name, keys: keys.first == .s ? [.s, .id] + keys.dropFirst() : [.id] + keys,
                   requiredKeys: required, groups: groups, replies: replies, scope: scope)
    }

    init(row: UInt8) { self.row = row }

    /// The verb named `name`, if the table has it.
    public init?(_ name: some StringProtocol) {
        guard let row = Self.table.firstIndex(where: { $0.name == name }) else { return nil }
        self.row = UInt8(row)
    }

    /// The verb as a line spells it.
    public var name: String { Self.table[Int(row)].name }
    /// Every key it takes, `id` included, in the order the encoder writes
    /// them (`id` last).
    public var keys: [Key] { Self.table[Int(row)].keys }
    /// Keys without which the request means nothing (`missing-key`).
    public var requiredKeys: [Key] { Self.table[Int(row)].requiredKeys }
    /// The groups of keys it takes whole.
    public var groups: [KeyGroup] { Self.table[Int(row)].groups }
    /// The reply kinds it answers with (besides `error`).
    public var replies: [ReplyKind] { Self.table[Int(row)].replies }
    /// Whether it acts on a session already open (not `open` or `close`,
    /// which add or remove one).
    public var actsOnOpenSession: Bool { Self.table[Int(row)].scope == .session }

    /// Whether it names a session with `s`.
    public var namesSession: Bool { keys.first == .s }
    /// Whether it takes a geometry (`open`, `layout`): its `index` is the
    /// geometry's resting item.
    public var takesGeometry: Bool { groups.contains(.geometry) }
    /// Whether it takes `key` through one of its groups (then the group
    /// keeps it), not as its own.
    func takesInGroup(_ key: Key) -> Bool {
        guard let group = key.group else { return false }
        return groups.contains(group)
    }

    public var description: String { name }
}
