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
        if verb.takesGeometry {
            let hasItem = line.field(Key.item.rawValue) != nil
            let hasCount = line.field(Key.count.rawValue) != nil
            if hasItem != hasCount {
                throw ProtocolError(.missingKey, hasItem ? "count: required with item" : "item: required with count")
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
        switch key {
        case .s: r.session = try FieldDecoder.sessionName(field)
        case .id: r.id = try FieldDecoder.requestID(field)
        case .client: r.client = try FieldDecoder.string(field)
        case .plugin: r.plugin = try FieldDecoder.string(field)
        case .x: r.x = try FieldDecoder.number(field)
        case .v: r.v = try FieldDecoder.number(field)
        case .target: r.target = try FieldDecoder.number(field)
        case .t: r.t = try FieldDecoder.number(field)
        case .every:
            let every = try FieldDecoder.number(field)
            guard every == 0 || every >= 1 else { throw FieldDecoder.bad(Key.every.rawValue, "0 (stop) or at least 1 ms") }
            r.every = every
        case .index:
            let index = try FieldDecoder.integer(field)
            if verb.takesGeometry { r.geometry.index = index } else { r.index = index }
        case .viewport: r.geometry.viewport = try FieldDecoder.number(field)
        case .item:
            let item = try FieldDecoder.number(field)
            guard item > 0 else { throw FieldDecoder.bad(Key.item.rawValue, "must be > 0") }
            r.geometry.item = item
        case .count:
            let count = try FieldDecoder.integer(field)
            guard count <= Double(maxItems) else {
                throw FieldDecoder.bad(Key.count.rawValue, "more than \(maxItems) items (limits.maxItems)")
            }
            // Below 1 is bad-layout, judged with the rest of the geometry.
            r.geometry.count = count < 1 ? 0 : Int(count)
        case .sizes:
            let sizes = try FieldDecoder.numberList(field, maxCount: maxItems)
            if sizes.contains(where: { $0 <= 0 }) { throw FieldDecoder.bad(Key.sizes.rawValue, "every size must be > 0") }
            r.geometry.sizes = sizes
        case .points: r.geometry.points = try FieldDecoder.numberList(field, maxCount: maxItems)
        case .spacing: r.geometry.spacing = try nonNegative(field)
        case .lead: r.geometry.lead = try nonNegative(field)
        case .trail: r.geometry.trail = try nonNegative(field)
        case .align: r.geometry.align = try FieldDecoder.choice(field, as: Align.self)
        case .contain: r.geometry.contain = try FieldDecoder.choice(field, as: Contain.self)
        case .axis: r.geometry.axis = try FieldDecoder.choice(field, as: Axis.self)
        case .loop: r.geometry.loop = try FieldDecoder.bool(field)
        }
    }

    private static func nonNegative(_ field: RequestField) throws(ProtocolError) -> Double {
        let value = try FieldDecoder.number(field)
        guard value >= 0 else { throw FieldDecoder.bad(field.key, "must be >= 0") }
        return value == 0 ? 0 : value
    }
}
