/// A key's type and rule as protocol/detent-protocol.json states them
/// (`Key.specs`, generated): what `FastLine` and `RequestDecoder` both
/// check, from one entry per key.
struct KeySpec: Sendable {
    enum Kind: Sendable {
        case number, whole, token, text, id, numbers, boolean
        /// One of these words.
        case choice([String])
    }

    /// A rule beyond the type's own (every number is finite).
    enum Rule: Sendable {
        case positive, nonNegative, zeroOrAtLeastOne, atMostMaxItems, eachPositive
    }

    let kind: Kind
    let rule: Rule?
    /// The words of a refusal by `rule`, where the description gives its own.
    let problem: String?

    init(_ kind: Kind, rule: Rule? = nil, problem: String? = nil) {
        self.kind = kind
        self.rule = rule
        self.problem = problem
    }

    /// `value` if the rule allows it (`-0` as 0 where only the sign could
    /// tell), else the refusal, `bad-value` naming `key`.
    @inline(__always)
    func accept(_ value: Double, _ key: Key, maxItems: Int) throws(ProtocolError) -> Double {
        guard let rule else { return value }
        switch rule {
        case .positive:
            guard value > 0 else { throw refusal(key, "must be > 0") }
        case .nonNegative:
            guard value >= 0 else { throw refusal(key, "must be >= 0") }
            return value == 0 ? 0 : value
        case .zeroOrAtLeastOne:
            guard value == 0 || value >= 1 else { throw refusal(key, "must be 0 or >= 1") }
        case .atMostMaxItems:
            guard value <= Double(maxItems) else {
                throw FieldDecoder.bad(key.rawValue, "more than \(maxItems) items (limits.maxItems)")
            }
        case .eachPositive:
            guard value > 0 else { throw refusal(key, "each must be > 0") }
        }
        return value
    }

    /// A list's numbers, each by the rule.
    func accept(_ values: [Double], _ key: Key, maxItems: Int) throws(ProtocolError) -> [Double] {
        for value in values { _ = try accept(value, key, maxItems: maxItems) }
        return values
    }

    private func refusal(_ key: Key, _ fallback: String) -> ProtocolError {
        FieldDecoder.bad(key.rawValue, problem ?? fallback)
    }
}

/// A key's value, of its type and range.
public enum KeyValue: Sendable, Equatable {
    case number(Double)
    /// A token, a text or a choice.
    case text(String)
    case id(RequestID)
    case numbers([Double])
    case boolean(Bool)
}

extension Key {
    /// The key's type and rule.
    @inline(__always)
    var spec: KeySpec { Self.specs[ordinal] }

    /// The group it belongs to, if any.
    public var group: KeyGroup? { KeyGroup.allCases.first { $0.keys.contains(self) } }
}
