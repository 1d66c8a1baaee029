/// One request line after syntax, before meaning: the verb and its fields in
/// line order, in either encoding.
public struct RequestLine: Sendable, Equatable {
    public var encoding: Encoding
    public var verb: String
    public var fields: [RequestField]

    public init(encoding: Encoding, verb: String, fields: [RequestField]) {
        self.encoding = encoding
        self.verb = verb
        self.fields = fields
    }

    /// The field named `key`, if the line has it.
    public func field(_ key: String) -> RequestField? {
        fields.first { $0.key == key }
    }
}

/// A `key=value` of a text line or a member of a JSON line.
public struct RequestField: Sendable, Equatable {
    public var key: String
    public var value: FieldValue

    public init(key: String, value: FieldValue) {
        self.key = key
        self.value = value
    }
}

/// A field's value as written: text (quotes removed) or JSON.
public enum FieldValue: Sendable, Equatable {
    case text(String)
    case json(JSONValue)
}
