/// The values of one request's keys as both parsers read them and the
/// encoder writes them: each of its type and range, absent when not sent.
/// Where each key lives follows from the description: `s` and `id` here,
/// a verb's own scalar keys in `slots` (their accessors are generated), a
/// group's keys and the texts boxed in `RareKeys`. Handlers read what
/// their verb takes; `Request` has checked that the required ones are here.
public struct RequestFields: Sendable, Equatable {
    public var session: String?
    public var id: RequestID?

    /// The scalar keys, one NaN of its own where absent: half the bytes of
    /// optionals, and a request is copied whole between parsing and its
    /// handler (measured: a memmove a line). A NaN a client sets is kept
    /// as NaN, so the daemon still refuses it (`bad-value`) rather than
    /// reading the key as not sent.
    private var slots = Slots(repeating: absent)

    /// The geometry and texts, boxed: the fast path's fields stay small.
    private var rare: RareKeys?

    /// A NaN payload no arithmetic produces (a quiet NaN's payload bits,
    /// set by hand).
    private static var absent: Double { Double(bitPattern: 0x7FF8_0000_DE7E_0000) }

    public init() {}

    public init(
        session: String? = nil, id: RequestID? = nil, client: String? = nil, plugin: String? = nil,
        x: Double? = nil, v: Double? = nil, target: Double? = nil, t: Double? = nil, every: Double? = nil,
        index: Double? = nil, geometry: GeometrySpec? = nil
    ) {
        (self.session, self.id, self.x, self.v, self.target, self.t, self.every, self.index) = (session, id, x, v, target, t, every, index)
        if let client { set(.client, client) }
        if let plugin { set(.plugin, plugin) }
        if let geometry { self.geometry = geometry }
    }

    /// `hello`'s client name.
    public var client: String? {
        get { rare?.texts[.client] }
        set { setText(newValue, .client) }
    }
    /// `open`'s plugin.
    public var plugin: String? {
        get { rare?.texts[.plugin] }
        set { setText(newValue, .plugin) }
    }

    private mutating func setText(_ text: String?, _ key: Key) {
        if text != nil || rare?.texts[key] != nil { rareKeys { $0.texts[key] = text } }
    }

    /// The geometry keys of `open` and `layout`.
    public var geometry: GeometrySpec {
        get { rare?.spec ?? GeometrySpec() }
        set { rareKeys { $0.spec = newValue } }
    }

    // MARK: - By key

    /// Sets `key` to `value`, where the verb keeps it: its group's when
    /// `inGroup` (by default, when the key has no place of its own), else
    /// the key's own place. A value of the wrong kind for the key is
    /// ignored (the parsers give each key its own kind).
    public mutating func set(_ key: Key, _ value: KeyValue, inGroup: Bool? = nil) {
        if inGroup ?? (key.slot == nil && key.group != nil) {
            rareKeys { $0.spec.set(key, value) }
            return
        }
        switch (value, key.slot) {
        case (.number(let number), let slot?): slots[slot] = Self.stored(number)
        case (.boolean(let flag), let slot?): slots[slot] = flag ? 1 : 0
        case (.text(let text), let slot?):
            if case .choice(let values) = key.spec.kind, let i = values.firstIndex(of: text) { slots[slot] = Double(i) }
        case (.text(let text), nil):
            if key == .s { session = text } else if key == .id { id = .text(text) } else { setText(text, key) }
        case (.id(let id), _): self.id = id
        case (.numbers(let list), nil): rareKeys { $0.lists[key] = list }
        default: break
        }
    }

    /// Sets a key the Swift client sends (`nil` leaves it absent).
    public mutating func set(_ key: Key, _ value: String?) { if let value { set(key, .text(value)) } }
    public mutating func set(_ key: Key, _ value: Double?) { if let value { set(key, .number(value)) } }
    public mutating func set(_ key: Key, _ value: Int?) { if let value { set(key, .number(Double(value))) } }
    public mutating func set(_ key: Key, _ value: Bool?) { if let value { set(key, .boolean(value)) } }
    public mutating func set(_ key: Key, _ value: [Double]?) { if let value { set(key, .numbers(value)) } }

    /// Whether `key` has a value.
    /// A key with a slot of its own is judged by the slot alone (`goto`'s
    /// `index`, not the geometry's).
    public func has(_ key: Key) -> Bool {
        if key == .s { return session != nil }
        if key == .id { return id != nil }
        if let slot = key.slot { return number(at: slot, key) != nil }
        return text(key) != nil
    }

    /// The value of `key` as the text encoding writes it, unquoted.
    public func text(_ key: Key) -> String? {
        if key == .s { return session }
        if key == .id { return id?.text }
        if let slot = key.slot, let text = slotText(slot, key) { return text }
        if let text = rare?.texts[key] { return text }
        if let list = rare?.lists[key] { return list.map { NumberFormat.string($0) }.joined(separator: ",") }
        return key.group == nil ? nil : rare?.spec.text(key)
    }

    private func slotText(_ slot: Int, _ key: Key) -> String? {
        let value = slots[slot]
        guard value.bitPattern != Self.absent.bitPattern else { return nil }
        switch key.spec.kind {
        case .choice(let values): return values[Int(value)]
        case .boolean: return value == 1 ? "1" : "0"
        default: return NumberFormat.string(value)
        }
    }

    // MARK: - Slots (the generated accessors')

    @inline(__always) func number(at slot: Int, _: Key? = nil) -> Double? {
        let value = slots[slot]
        return value.bitPattern == Self.absent.bitPattern ? nil : value
    }

    @inline(__always) mutating func setNumber(_ value: Double?, at slot: Int, _: Key? = nil) {
        slots[slot] = value.map(Self.stored) ?? Self.absent
    }

    func choice(at slot: Int, _ key: Key) -> String? {
        guard let index = number(at: slot, key), case .choice(let values) = key.spec.kind else { return nil }
        return values[Int(index)]
    }

    mutating func setChoice(_ value: String?, at slot: Int, _ key: Key) {
        guard case .choice(let values) = key.spec.kind else { return }
        setNumber(value.flatMap { values.firstIndex(of: $0) }.map(Double.init), at: slot, key)
    }

    func boolean(at slot: Int, _ key: Key) -> Bool? { number(at: slot, key).map { $0 == 1 } }

    mutating func setBoolean(_ value: Bool?, at slot: Int, _ key: Key) { setNumber(value.map { $0 ? 1 : 0 }, at: slot, key) }

    @inline(__always) private static func stored(_ value: Double) -> Double {
        value.bitPattern == absent.bitPattern ? .nan : value
    }

    /// Changes the boxed keys, copying the box first if it is shared.
    private mutating func rareKeys(_ change: (RareKeys) -> Void) {
        if rare == nil {
            rare = RareKeys()
        } else if !isKnownUniquelyReferenced(&rare) {
            rare = rare?.copy()
        }
        if let rare { change(rare) }
    }

    public static func == (a: RequestFields, b: RequestFields) -> Bool {
        guard a.session == b.session, a.id == b.id, a.rare?.texts ?? [:] == b.rare?.texts ?? [:],
              a.rare?.lists ?? [:] == b.rare?.lists ?? [:], a.geometry == b.geometry else { return false }
        for slot in 0..<Slots.count where a.number(at: slot) != b.number(at: slot) { return false }
        return true
    }

    static func missing(_ key: Key, _ verb: Verb) -> ProtocolError {
        ProtocolError(.missingKey, "\(key.rawValue): required by \(verb.name)")
    }
}

/// A request's `id`, echoed unchanged in its reply (JSON keeps its type).
public enum RequestID: Sendable, Equatable {
    case text(String)
    case jsonString(String)
    /// A JSON number, kept as its literal so it is echoed exactly as sent.
    case jsonNumber(String)

    /// The id as text (a JSON number's literal).
    public var text: String {
        switch self {
        case .text(let text), .jsonString(let text), .jsonNumber(let text): text
        }
    }
}

/// Holds the keys of a request that the fast path's hot verbs never have,
/// on the heap: the geometry of `open` and `layout`, and texts (`hello`'s
/// `client`, `open`'s `plugin`). A request is copied whole between its
/// parser and its handler; these would double its size.
final class RareKeys: @unchecked Sendable {
    var spec = GeometrySpec()
    var texts: [Key: String] = [:]
    /// Lists a verb takes as its own (none does yet; the geometry's are in `spec`).
    var lists: [Key: [Double]] = [:]

    init() {}

    func copy() -> RareKeys {
        let copy = RareKeys()
        (copy.spec, copy.texts, copy.lists) = (spec, texts, lists)
        return copy
    }
}
