/// The values of one request's keys as both parsers read them and the
/// encoder writes them: each of its type and range, absent when not sent.
/// Handlers read what their verb takes; `Request` has checked that the
/// required ones are here.
public struct RequestFields: Sendable, Equatable {
    public var session: String?
    public var id: RequestID?
    public var client: String? {
        get { rare?.client }
        set { if newValue != nil || rare != nil { rareKeys { $0.client = newValue } } }
    }
    public var plugin: String? {
        get { rare?.plugin }
        set { if newValue != nil || rare != nil { rareKeys { $0.plugin = newValue } } }
    }
    public var x: Double? { get { Self.read(numbers.x) } set { numbers.x = Self.stored(newValue) } }
    public var v: Double? { get { Self.read(numbers.v) } set { numbers.v = Self.stored(newValue) } }
    public var target: Double? { get { Self.read(numbers.target) } set { numbers.target = Self.stored(newValue) } }
    public var t: Double? { get { Self.read(numbers.t) } set { numbers.t = Self.stored(newValue) } }
    public var every: Double? { get { Self.read(numbers.every) } set { numbers.every = Self.stored(newValue) } }
    /// `goto`'s index (the geometry's `index` is in `geometry`).
    public var index: Double? { get { Self.read(numbers.index) } set { numbers.index = Self.stored(newValue) } }

    /// The numbers, one NaN of its own where absent: half the bytes of
    /// optionals, and a request is copied whole between parsing and its
    /// handler (measured: a memmove a line). A NaN a client sets is kept
    /// as NaN, so the daemon still refuses it (`bad-value`) rather than
    /// reading the key as not sent.
    private var numbers = (x: absent, v: absent, target: absent, t: absent, every: absent, index: absent)

    /// A NaN payload no arithmetic produces (a quiet NaN's payload bits,
    /// set by hand).
    private static var absent: Double { Double(bitPattern: 0x7FF8_0000_DE7E_0000) }

    @inline(__always) private static func read(_ value: Double) -> Double? {
        value.bitPattern == absent.bitPattern ? nil : value
    }

    @inline(__always) private static func stored(_ value: Double?) -> Double {
        guard let value else { return absent }
        return value.bitPattern == absent.bitPattern ? .nan : value
    }

    public init(
        session: String? = nil, id: RequestID? = nil, client: String? = nil, plugin: String? = nil,
        x: Double? = nil, v: Double? = nil, target: Double? = nil, t: Double? = nil, every: Double? = nil,
        index: Double? = nil, geometry: GeometrySpec? = nil
    ) {
        (self.session, self.id, self.client, self.plugin) = (session, id, client, plugin)
        (self.x, self.v, self.target, self.t, self.every, self.index) = (x, v, target, t, every, index)
        if let geometry { self.geometry = geometry }
    }

    /// The geometry keys of `open` and `layout`, boxed: the fast path's
    /// fields stay small (it never has any).
    public var geometry: GeometrySpec {
        get { rare?.spec ?? GeometrySpec() }
        set { rareKeys { $0.spec = newValue } }
    }

    private var rare: RareKeys?

    /// Changes the boxed keys, copying the box first if it is shared.
    private mutating func rareKeys(_ change: (RareKeys) -> Void) {
        if rare == nil {
            rare = RareKeys()
        } else if !isKnownUniquelyReferenced(&rare) {
            rare = rare?.copy()
        }
        if let rare { change(rare) }
    }

    /// Whether `key` has a value.
    public func has(_ key: Key) -> Bool {
        switch key {
        case .s: session != nil
        case .id: id != nil
        case .x: x != nil
        case .v: v != nil
        case .target: target != nil
        case .t: t != nil
        case .every: every != nil
        case .index: index != nil  // `goto`'s (the geometry's is never required)
        default: text(key) != nil
        }
    }

    /// The value of `key` as the text encoding writes it, unquoted.
    public func text(_ key: Key) -> String? {
        func n(_ value: Double?) -> String? { value.map { NumberFormat.string($0) } }
        switch key {
        case .s: return session
        case .id: return id?.text
        case .client: return client
        case .plugin: return plugin
        case .x: return n(x)
        case .v: return n(v)
        case .target: return n(target)
        case .t: return n(t)
        case .every: return n(every)
        case .index: return n(index) ?? rare?.spec.text(.index)
        default: return rare?.spec.text(key)
        }
    }

    public static func == (a: RequestFields, b: RequestFields) -> Bool {
        (a.session, a.id, a.client, a.plugin) == (b.session, b.id, b.client, b.plugin)
            && (a.x, a.v, a.target, a.t, a.every, a.index) == (b.x, b.v, b.target, b.t, b.every, b.index)
            && a.geometry == b.geometry
    }

    static func missing(_ key: Key, _ verb: Verb) -> ProtocolError {
        ProtocolError(.missingKey, "\(key.rawValue): required by \(verb.name)")
    }
}
