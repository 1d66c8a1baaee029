/// Writes one reply line in either encoding, fields in the order they are
/// added (detent-protocol(7), "Reply format"), straight into a
/// `ReplyBuffer` after what it already holds: no allocation once the
/// buffer has grown. Fields are `ReplyField`s, whose names are static
/// strings copied as bytes
/// (measured: appending a `String`'s UTF-8 view cost more than formatting a
/// number).
public struct ReplyWriter {
    public let encoding: Encoding
    private let out: ReplyBuffer

    /// Starts a line of `kind` in `buffer`.
    public init(_ kind: ReplyKind, encoding: Encoding, into buffer: ReplyBuffer) {
        let verb = kind.verb
        self.encoding = encoding
        out = buffer
        switch encoding {
        case .text: out.append(verb)
        case .json: out.append("{\"op\":\""); out.append(verb); out.append(0x22)
        }
    }



    /// ` key=` or `,"key":`, with one check for room.
    @inline(__always)
    private func key(_ key: StaticString) {
        let n = key.utf8CodeUnitCount
        let name = key.utf8Start
        let room = out.reserve(n + 4)
        switch encoding {
        case .text:
            room[0] = 0x20
            for i in 0..<n { room[1 + i] = name[i] }
            room[n + 1] = 0x3D
            out.commit(n + 2)
        case .json:
            room[0] = 0x2C
            room[1] = 0x22
            for i in 0..<n { room[2 + i] = name[i] }
            room[n + 2] = 0x22
            room[n + 3] = 0x3A
            out.commit(n + 4)
        }
    }

    /// An integer.
    public func int(_ field: ReplyField, _ value: Int) {
        key(field.key)
        NumberFormat.append(Int64(value), to: out)
    }

    /// A number, spelled by `NumberFormat`.
    public func number(_ field: ReplyField, _ value: Double) {
        key(field.key)
        NumberFormat.append(value, to: out)
    }

    /// A number the client sent in the form this writes (`DecimalEcho`),
    /// copied; else as `number` writes it.
    func number(_ field: ReplyField, _ value: Double, echo: DecimalEcho.Text?) {
        guard let echo else { return number(field, value) }
        key(field.key)
        NumberFormat.append(echo, negative: value < 0, to: out)
    }

    /// A word that never needs quoting in text (verbs, codes, names).
    public func word(_ field: ReplyField, _ value: String) {
        key(field.key)
        switch encoding {
        case .text: out.append(value)
        case .json: Self.appendJSONString(value, to: out)
        }
    }

    /// A word known when compiling (modes, causes, curves).
    public func word(_ field: ReplyField, _ value: StaticString) {
        key(field.key)
        switch encoding {
        case .text: out.append(value)
        case .json: out.append(0x22); out.append(value); out.append(0x22)
        }
    }

    /// Any string; quoted in text when it must be, or when `alwaysQuote`.
    public func string(_ field: ReplyField, _ value: String, alwaysQuote: Bool = false) {
        key(field.key)
        switch encoding {
        case .text:
            let bare = !alwaysQuote && !value.isEmpty && !value.utf8.contains { b in
                b == 0x20 || b == 0x09 || b == UInt8(ascii: "\"") || b == UInt8(ascii: "\\")
            }
            if bare {
                out.append(value)
            } else {
                out.append(0x22)
                for byte in value.utf8 {
                    if byte == 0x22 || byte == 0x5C { out.append(0x5C) }
                    out.append(byte)
                }
                out.append(0x22)
            }
        case .json:
            Self.appendJSONString(value, to: out)
        }
    }

    /// A list of words: `a,b,c` in text, an array of strings in JSON.
    public func words(_ field: ReplyField, _ values: [String]) {
        key(field.key)
        if encoding == .json { out.append(0x5B) }
        for (i, value) in values.enumerated() {
            if i > 0 { out.append(0x2C) }
            switch encoding {
            case .text: out.append(value)
            case .json: Self.appendJSONString(value, to: out)
            }
        }
        if encoding == .json { out.append(0x5D) }
    }

    /// The request's `id`, echoed unchanged (JSON keeps its type).
    public func id(_ value: RequestID) {
        switch value {
        case .text(let text): string(.id, text)
        case .jsonString(let text): key("id"); Self.appendJSONString(text, to: out)
        case .jsonNumber(let literal): key("id"); out.append(literal)
        }
    }

    /// Ends the line (its `\n` included) in the buffer.
    public func end() {
        if encoding == .json { out.append(0x7D) }
        out.append(0x0A)
    }

    /// A JSON string literal; plain ASCII is copied as it is.
    static func appendJSONString(_ value: String, to out: ReplyBuffer) {
        out.append(0x22)
        for scalar in value.unicodeScalars {
            switch scalar {
            case "\"": out.append(0x5C); out.append(0x22)
            case "\\": out.append(0x5C); out.append(0x5C)
            case "\n": out.append(0x5C); out.append(0x6E)
            case "\r": out.append(0x5C); out.append(0x72)
            case "\t": out.append(0x5C); out.append(0x74)
            default:
                if scalar.value < 0x20 || scalar.value == 0x7F || scalar.value == 0x2028 || scalar.value == 0x2029 {
                    out.append("\\u")
                    for shift in stride(from: 12, through: 0, by: -4) {
                        out.append(Self.hexDigits[Int((scalar.value >> UInt32(shift)) & 0xF)])
                    }
                } else {
                    for byte in UTF8.encode(scalar)! { out.append(byte) }
                }
            }
        }
        out.append(0x22)
    }

    static let hexDigits: [UInt8] = Array("0123456789abcdef".utf8)
}
