/// A verb of detent-protocol(7): its name, the keys it takes and needs,
/// and what performs it. `Verb.all` (VerbTable.swift) is the one table of
/// them: the text and JSON decoders, `FastLine`, the error hints, the
/// encoder, the dispatcher and `detent simulate` read it, and nothing else
/// lists verbs or their keys.
///
/// A verb is its row's number: a request carries one byte, not the row
/// (measured: copying the row's arrays and closure cost about 40 ns a line).
public struct Verb: Sendable, Hashable, CustomStringConvertible {
    let row: UInt8

    /// What a row of the table states.
    struct Entry: Sendable {
        let name: String
        let keys: [Key]
        let requiredKeys: [Key]
        let handler: VerbHandler
    }

    /// Every verb, in the table's order.
    public static let all: [Verb] = table.indices.map { Verb(row: UInt8($0)) }

    /// A row of the table: `takes` lists its own keys (`s` first for a
    /// session verb); `id` is every verb's.
    static func entry(_ name: String, takes keys: [Key], needs required: [Key] = [], _ handler: VerbHandler) -> Entry {
        Entry(name: name, keys: keys.first == .s ? [.s, .id] + keys.dropFirst() : [.id] + keys, requiredKeys: required, handler: handler)
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
    /// What performs it.
    var handler: VerbHandler { Self.table[Int(row)].handler }

    /// Whether it names a session with `s`.
    public var namesSession: Bool { keys.first == .s }
    /// Whether it takes a geometry (`open`, `layout`): its `index` is the
    /// geometry's resting item.
    public var takesGeometry: Bool { keys.contains(.viewport) }
    /// Whether it acts on a session already open (not `open` or `close`,
    /// which add or remove one).
    public var actsOnOpenSession: Bool {
        if case .session = handler { return true }
        return false
    }

    public var description: String { name }
}
