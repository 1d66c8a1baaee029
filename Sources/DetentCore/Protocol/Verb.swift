/// A verb of detent-protocol(7): its name, the keys it takes and needs,
/// and what performs it. `Verb.all` (VerbTable.swift) is the one table of
/// them: the text and JSON decoders, `FastLine`, the error hints, the
/// encoder, the dispatcher and `detent simulate` read it, and nothing else
/// lists verbs or their keys.
public struct Verb: Sendable, Hashable, CustomStringConvertible {
    /// The verb as a line spells it.
    public let name: String
    /// Every key it takes, `id` included, in the order the encoder writes
    /// them (`id` last).
    public let keys: [Key]
    /// Keys without which the request means nothing (`missing-key`).
    public let requiredKeys: [Key]
    /// What performs it.
    let handler: VerbHandler

    /// A table entry: `takes` lists its own keys (`s` first for a session
    /// verb); `id` is every verb's.
    init(_ name: String, takes keys: [Key], needs required: [Key] = [], _ handler: VerbHandler) {
        self.name = name
        self.keys = keys.first == .s ? [.s, .id] + keys.dropFirst() : [.id] + keys
        self.requiredKeys = required
        self.handler = handler
    }

    /// The verb named `name`, if the table has it.
    public init?(_ name: some StringProtocol) {
        guard let verb = Self.all.first(where: { $0.name == name }) else { return nil }
        self = verb
    }

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

    public static func == (a: Verb, b: Verb) -> Bool { a.name == b.name }
    public func hash(into hasher: inout Hasher) { hasher.combine(name) }
}
