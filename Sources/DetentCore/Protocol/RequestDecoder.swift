/// Turns a `RequestLine` into a `Request`, applying detent-protocol(7)'s error
/// precedence up to `bad-value`: unknown verb, unknown key, missing key, then
/// each value in line order.
public enum RequestDecoder {
    /// The `s` and `id` an error reply echoes: each only when valid.
    public static func echo(of line: RequestLine) -> (session: String?, id: RequestID?) {
        let session = line.field(Key.s.rawValue).flatMap { try? FieldDecoder.sessionName($0) }
        let id = line.field(Key.id.rawValue).flatMap { try? FieldDecoder.requestID($0) }
        return (session, id)
    }

    /// Decodes `line`; `maxItems` bounds `count`, `sizes` and `points`.
    public static func decode(_ line: RequestLine, maxItems: Int) throws(ProtocolError) -> Request {
        guard let verb = Verb(line.verb) else {
            let hint = Suggestion.hint(for: line.verb, in: Verb.all.map(\.name))
            throw ProtocolError(.unknownVerb, "unknown verb \"\(line.verb)\"\(hint)")
        }
        let keys = verb.keys.map(\.rawValue)
        for field in line.fields where !keys.contains(field.key) {
            let hint = Suggestion.hint(for: field.key, in: keys)
            let takes = keys.joined(separator: " ")
            throw ProtocolError(.unknownKey, "\(verb.name) does not take \"\(field.key)\"\(hint); it takes: \(takes)")
        }
        for key in verb.requiredKeys where line.field(key.rawValue) == nil {
            throw RequestFields.missing(key, verb)
        }
        for group in verb.groups {
            for (a, b) in group.together where (line.field(a.rawValue) == nil) != (line.field(b.rawValue) == nil) {
                let (absent, given) = line.field(a.rawValue) == nil ? (a, b) : (b, a)
                throw ProtocolError(.missingKey, "\(absent.rawValue): required with \(given.rawValue)")
            }
        }
        var fields = RequestFields()
        for field in line.fields {
            try decodeField(field, of: verb, into: &fields, maxItems: maxItems)
        }
        return try Request(verb, fields, encoding: line.encoding)
    }

    private static func decodeField(
        _ field: RequestField, of verb: Verb, into r: inout RequestFields, maxItems: Int
    ) throws(ProtocolError) {
        // Keys were checked against the verb: each is one of `Key`.
        guard let key = Key(rawValue: field.key) else { return }
        r.set(key, try value(of: field, as: key, maxItems: maxItems), inGroup: verb.takesInGroup(key))
    }

    /// A field's value by its key's type and rule (`Key.specs`).
    static func value(of field: RequestField, as key: Key, maxItems: Int) throws(ProtocolError) -> KeyValue {
        let spec = key.spec
        switch spec.kind {
        case .number: return .number(try spec.accept(FieldDecoder.number(field), key, maxItems: maxItems))
        case .whole: return .number(try spec.accept(FieldDecoder.integer(field), key, maxItems: maxItems))
        case .token: return .text(try FieldDecoder.sessionName(field))
        case .text: return .text(try FieldDecoder.string(field))
        case .id: return .id(try FieldDecoder.requestID(field))
        case .numbers:
            return .numbers(try spec.accept(FieldDecoder.numberList(field, maxCount: maxItems), key, maxItems: maxItems))
        case .boolean: return .boolean(try FieldDecoder.bool(field))
        case .choice(let values): return .text(try FieldDecoder.choice(field, among: values))
        }
    }
}
