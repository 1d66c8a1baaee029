/// Writes one reply line in either encoding, fields in the order they are
/// added (PROTOCOL.md, "Reply format").
public struct ReplyWriter {
    public let encoding: Encoding
    private var out: String

    /// Starts a line with its verb.
    public init(_ verb: String, encoding: Encoding) {
        self.encoding = encoding
        out = ""
        out.reserveCapacity(96)
        switch encoding {
        case .text: out += verb
        case .json: out += "{\"op\":\""; out += verb; out += "\""
        }
    }

    private mutating func key(_ key: String) {
        switch encoding {
        case .text: out += " "; out += key; out += "="
        case .json: out += ",\""; out += key; out += "\":"
        }
    }

    /// An integer.
    public mutating func int(_ name: String, _ value: Int) {
        key(name)
        out += String(value)
    }

    /// A number, spelled by `NumberFormat`.
    public mutating func number(_ name: String, _ value: Double) {
        key(name)
        out += NumberFormat.string(value)
    }

    /// A word that never needs quoting in text (verbs, codes, names).
    public mutating func word(_ name: String, _ value: String) {
        key(name)
        switch encoding {
        case .text: out += value
        case .json: Self.appendJSONString(value, to: &out)
        }
    }

    /// Any string; quoted in text when it must be, or when `alwaysQuote`.
    public mutating func string(_ name: String, _ value: String, alwaysQuote: Bool = false) {
        key(name)
        switch encoding {
        case .text:
            let bare = !alwaysQuote && !value.isEmpty && !value.utf8.contains { b in
                b == 0x20 || b == 0x09 || b == UInt8(ascii: "\"") || b == UInt8(ascii: "\\")
            }
            if bare { out += value } else { Self.appendQuoted(value, to: &out) }
        case .json:
            Self.appendJSONString(value, to: &out)
        }
    }

    /// A list of words: `a,b,c` in text, an array of strings in JSON.
    public mutating func words(_ name: String, _ values: [String]) {
        key(name)
        switch encoding {
        case .text:
            out += values.joined(separator: ",")
        case .json:
            out += "["
            for (i, value) in values.enumerated() {
                if i > 0 { out += "," }
                Self.appendJSONString(value, to: &out)
            }
            out += "]"
        }
    }

    /// The request's `id`, echoed unchanged (JSON keeps its type).
    public mutating func id(_ value: RequestID) {
        switch value {
        case .text(let text): string("id", text)
        case .jsonString(let text): key("id"); Self.appendJSONString(text, to: &out)
        case .jsonNumber(let literal): key("id"); out += literal
        }
    }

    /// The finished line, `\n` included.
    public mutating func finish() -> String {
        if encoding == .json { out += "}" }
        out += "\n"
        return out
    }

    static func appendQuoted(_ value: String, to out: inout String) {
        out += "\""
        for scalar in value.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            default: out.unicodeScalars.append(scalar)
            }
        }
        out += "\""
    }

    static func appendJSONString(_ value: String, to out: inout String) {
        out += "\""
        for scalar in value.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            default:
                if scalar.value < 0x20 || scalar.value == 0x7F || scalar.value == 0x2028 || scalar.value == 0x2029 {
                    let hex = String(scalar.value, radix: 16)
                    out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        out += "\""
    }
}
