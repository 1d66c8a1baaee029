/// Typed reading of one field, the same rules for both encodings
/// (detent-protocol(7), "Two encodings"). Every failure is `bad-value`.
public enum FieldDecoder {
    static func bad(_ key: String, _ problem: String) -> ProtocolError {
        ProtocolError(.badValue, "\(key): \(problem)")
    }

    /// A finite number.
    public static func number(_ field: RequestField) throws(ProtocolError) -> Double {
        switch field.value {
        case .text(let text):
            guard let value = NumberSyntax.parse(text), value.isFinite else {
                throw bad(field.key, "not a finite number")
            }
            return value
        case .json(.number(let value, _)):
            guard value.isFinite else { throw bad(field.key, "not a finite number") }
            return value
        case .json(let other):
            throw bad(field.key, "a number is expected, not \(other.typeName)")
        }
    }

    /// A finite number with no fractional part (`2.0` and `2e0` are 2).
    public static func integer(_ field: RequestField) throws(ProtocolError) -> Double {
        guard let value = wholeNumber(try number(field)) else { throw bad(field.key, "a whole number is expected") }
        return value
    }

    /// `value` if it has no fractional part (`-0` as 0), else nil.
    @inline(__always)
    static func wholeNumber(_ value: Double) -> Double? {
        guard value.rounded(.towardZero) == value else { return nil }
        return value == 0 ? 0 : value
    }

    /// A string (text: any value; JSON: a string).
    public static func string(_ field: RequestField) throws(ProtocolError) -> String {
        switch field.value {
        case .text(let text): return text
        case .json(.string(let text)): return text
        case .json(let other): throw bad(field.key, "a string is expected, not \(other.typeName)")
        }
    }

    /// One of a fixed set of words.
    public static func choice(_ field: RequestField, among values: [String]) throws(ProtocolError) -> String {
        let text = try string(field)
        guard values.contains(text) else {
            throw bad(field.key, "\"\(text)\" is not one of \(values.joined(separator: ", "))")
        }
        return text
    }

    /// `1`/`0`/`true`/`false` (JSON: `true`/`false` or 0/1).
    public static func bool(_ field: RequestField) throws(ProtocolError) -> Bool {
        switch field.value {
        case .text("1"), .text("true"): return true
        case .text("0"), .text("false"): return false
        case .json(.bool(let value)): return value
        case .json(.number(let value, _)) where value == 0 || value == 1: return value == 1
        default: throw bad(field.key, "a boolean (1, 0, true or false) is expected")
        }
    }

    /// A list of finite numbers (text: comma-separated; JSON: an array).
    public static func numberList(_ field: RequestField, maxCount: Int) throws(ProtocolError) -> [Double] {
        var values: [Double] = []
        switch field.value {
        case .text(let text):
            if text.isEmpty { return [] }
            for part in text.utf8.split(separator: UInt8(ascii: ","), omittingEmptySubsequences: false) {
                guard let value = NumberSyntax.parse(Substring(part)) else {
                    throw bad(field.key, "malformed list (comma-separated numbers, no spaces)")
                }
                guard value.isFinite else { throw bad(field.key, "not a finite number in the list") }
                values.append(value)
                if values.count > maxCount { throw bad(field.key, "more than \(maxCount) entries (limits.maxItems)") }
            }
        case .json(.array(let elements)):
            guard elements.count <= maxCount else {
                throw bad(field.key, "more than \(maxCount) entries (limits.maxItems)")
            }
            for element in elements {
                guard case .number(let value, _) = element else {
                    throw bad(field.key, "a list of numbers is expected, found \(element.typeName)")
                }
                guard value.isFinite else { throw bad(field.key, "not a finite number in the list") }
                values.append(value)
            }
        case .json(let other):
            throw bad(field.key, "a list (an array of numbers) is expected, not \(other.typeName)")
        }
        return values
    }

    /// A session name, `[A-Za-z0-9._-]{1,64}`.
    public static func sessionName(_ field: RequestField) throws(ProtocolError) -> String {
        let text = try string(field)
        guard isSessionName(text) else {
            throw bad(field.key, "a session name is 1 to 64 of A-Z a-z 0-9 . _ -")
        }
        return text
    }

    /// Whether `text` is a valid session or plugin name.
    public static func isSessionName(_ text: String) -> Bool {
        isSessionName(text.utf8)
    }

    /// The same rule on bytes (the fast path's).
    @inline(__always)
    static func isSessionName<C: Collection>(_ utf8: C) -> Bool where C.Element == UInt8 {
        !utf8.isEmpty && utf8.count <= 64 && utf8.allSatisfy { b in
            (b >= UInt8(ascii: "a") && b <= UInt8(ascii: "z")) || (b >= UInt8(ascii: "A") && b <= UInt8(ascii: "Z"))
                || (b >= UInt8(ascii: "0") && b <= UInt8(ascii: "9"))
                || b == UInt8(ascii: ".") || b == UInt8(ascii: "_") || b == UInt8(ascii: "-")
        }
    }

    /// A request id: any non-empty text; in JSON a string or a number.
    public static func requestID(_ field: RequestField) throws(ProtocolError) -> RequestID {
        switch field.value {
        case .text(let text):
            guard !text.isEmpty else { throw bad("id", "must not be empty") }
            return .text(text)
        case .json(.string(let text)): return .jsonString(text)
        case .json(.number(_, let literal)): return .jsonNumber(literal)
        case .json(let other): throw bad("id", "a string or a number is expected, not \(other.typeName)")
        }
    }
}
