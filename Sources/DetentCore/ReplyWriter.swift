/// Writes one reply line in either encoding, fields in the order they are
/// added (detent-protocol(7), "Reply format"). It writes bytes, straight
/// after what a connection's output already holds (`init(_:encoding:into:)`
/// takes the buffer over and `finish(into:)` gives it back), so a reply
/// costs no allocation once the buffer has grown. Verbs and keys
/// are static strings, copied as bytes (measured: appending a `String`'s
/// UTF-8 view cost more than formatting a number).
public struct ReplyWriter {
    public let encoding: Encoding
    private var out: [UInt8]

    /// Starts a line with its verb, in a buffer of its own.
    public init(_ verb: StaticString, encoding: Encoding) {
        self.encoding = encoding
        out = []
        out.reserveCapacity(192)  // a snap line with its motion fits
        start(verb)
    }

    /// Starts a line with its verb after what `buffer` holds; `buffer` is
    /// empty until `finish(into:)` gives it back with the line.
    public init(_ verb: StaticString, encoding: Encoding, into buffer: inout [UInt8]) {
        self.encoding = encoding
        out = []
        swap(&out, &buffer)
        start(verb)
    }

    private mutating func start(_ verb: StaticString) {
        switch encoding {
        case .text: append(verb)
        case .json: append("{\"op\":\""); append(verb); append("\"")
        }
    }

    @inline(__always)
    private mutating func appendText(_ text: String) {
        out.append(contentsOf: text.utf8)
    }

    @inline(__always)
    private mutating func append(_ text: StaticString) {
        text.withUTF8Buffer { out.append(contentsOf: $0) }
    }

    private mutating func key(_ key: StaticString) {
        switch encoding {
        case .text: out.append(0x20); append(key); out.append(0x3D)
        case .json: append(",\""); append(key); append("\":")
        }
    }

    /// An integer.
    public mutating func int(_ name: StaticString, _ value: Int) {
        key(name)
        NumberFormat.append(Int64(value), to: &out)
    }

    /// A number, spelled by `NumberFormat`.
    public mutating func number(_ name: StaticString, _ value: Double) {
        key(name)
        NumberFormat.append(value, to: &out)
    }

    /// A word that never needs quoting in text (verbs, codes, names).
    public mutating func word(_ name: StaticString, _ value: String) {
        key(name)
        switch encoding {
        case .text: appendText(value)
        case .json: Self.appendJSONString(value, to: &out)
        }
    }

    /// A word known when compiling (modes, causes, curves).
    public mutating func word(_ name: StaticString, _ value: StaticString) {
        key(name)
        switch encoding {
        case .text: append(value)
        case .json: out.append(0x22); append(value); out.append(0x22)
        }
    }

    /// Any string; quoted in text when it must be, or when `alwaysQuote`.
    public mutating func string(_ name: StaticString, _ value: String, alwaysQuote: Bool = false) {
        key(name)
        switch encoding {
        case .text:
            let bare = !alwaysQuote && !value.isEmpty && !value.utf8.contains { b in
                b == 0x20 || b == 0x09 || b == UInt8(ascii: "\"") || b == UInt8(ascii: "\\")
            }
            if bare { appendText(value) } else { Self.appendQuoted(value, to: &out) }
        case .json:
            Self.appendJSONString(value, to: &out)
        }
    }

    /// A list of words: `a,b,c` in text, an array of strings in JSON.
    public mutating func words(_ name: StaticString, _ values: [String]) {
        key(name)
        switch encoding {
        case .text:
            for (i, value) in values.enumerated() {
                if i > 0 { out.append(0x2C) }
                appendText(value)
            }
        case .json:
            out.append(0x5B)
            for (i, value) in values.enumerated() {
                if i > 0 { out.append(0x2C) }
                Self.appendJSONString(value, to: &out)
            }
            out.append(0x5D)
        }
    }

    /// The request's `id`, echoed unchanged (JSON keeps its type).
    public mutating func id(_ value: RequestID) {
        switch value {
        case .text(let text): string("id", text)
        case .jsonString(let text): key("id"); Self.appendJSONString(text, to: &out)
        case .jsonNumber(let literal): key("id"); appendText(literal)
        }
    }

    /// Ends the line and hands the buffer back to `buffer`.
    public mutating func finish(into buffer: inout [UInt8]) {
        if encoding == .json { out.append(0x7D) }
        out.append(0x0A)
        swap(&out, &buffer)
    }

    /// The finished line's bytes, `\n` included.
    public mutating func finishBytes() -> [UInt8] {
        if encoding == .json { out.append(0x7D) }
        out.append(0x0A)
        return out
    }

    /// The finished line, `\n` included.
    public mutating func finish() -> String {
        String(decoding: finishBytes(), as: UTF8.self)
    }

    static func appendQuoted(_ value: String, to out: inout [UInt8]) {
        out.append(0x22)
        for byte in value.utf8 {
            if byte == 0x22 || byte == 0x5C { out.append(0x5C) }
            out.append(byte)
        }
        out.append(0x22)
    }

    static func appendJSONString(_ value: String, to out: inout [UInt8]) {
        out.append(0x22)
        for scalar in value.unicodeScalars {
            switch scalar {
            case "\"": out.append(contentsOf: [0x5C, 0x22])
            case "\\": out.append(contentsOf: [0x5C, 0x5C])
            case "\n": out.append(contentsOf: [0x5C, 0x6E])
            case "\r": out.append(contentsOf: [0x5C, 0x72])
            case "\t": out.append(contentsOf: [0x5C, 0x74])
            default:
                if scalar.value < 0x20 || scalar.value == 0x7F || scalar.value == 0x2028 || scalar.value == 0x2029 {
                    let hex = String(scalar.value, radix: 16)
                    out.append(contentsOf: ("\\u" + String(repeating: "0", count: 4 - hex.count) + hex).utf8)
                } else {
                    out.append(contentsOf: String(scalar).utf8)
                }
            }
        }
        out.append(0x22)
    }
}
