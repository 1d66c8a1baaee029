/// A strict JSON reader (RFC 8259) for request lines and plugins.json.
///
/// Hand-written rather than Foundation's because the contract needs what
/// JSONSerialization does not give: repeated members are errors, member order
/// is kept, an overflowing number is a value (`bad-value`) not a syntax error,
/// and nesting is bounded so no input can exhaust the stack.
public struct JSONParser {
    /// Containers deeper than this are checked for syntax but kept as `.tooDeep`.
    public static let maxDepth = 64

    private let bytes: UnsafeBufferPointer<UInt8>
    private var position = 0
    private var path = JSONPath()

    private init(_ bytes: UnsafeBufferPointer<UInt8>) { self.bytes = bytes }

    /// Parses one JSON value filling all of `bytes` (blanks around it allowed).
    public static func parse(_ bytes: UnsafeBufferPointer<UInt8>) throws(JSONSyntaxError) -> JSONValue {
        var parser = JSONParser(bytes)
        parser.skipWhitespace()
        let value = try parser.parseValue(depth: 0)
        parser.skipWhitespace()
        if parser.position != bytes.count {
            throw parser.error("unexpected text after the JSON value")
        }
        return value
    }

    /// Parses one JSON value from an array of bytes.
    public static func parse(_ bytes: [UInt8]) throws(JSONSyntaxError) -> JSONValue {
        try bytes.withUnsafeBufferPointer { buffer throws(JSONSyntaxError) in try parse(buffer) }
    }

    // MARK: - Values

    private func error(_ message: String) -> JSONSyntaxError {
        JSONSyntaxError(message: message, offset: position, path: path)
    }

    private var current: UInt8? { position < bytes.count ? bytes[position] : nil }

    private mutating func skipWhitespace() {
        while position < bytes.count {
            switch bytes[position] {
            case 0x20, 0x09, 0x0A, 0x0D: position += 1
            default: return
            }
        }
    }

    private mutating func parseValue(depth: Int) throws(JSONSyntaxError) -> JSONValue {
        guard let byte = current else { throw error("a value is missing") }
        switch byte {
        case UInt8(ascii: "{"):
            if depth >= Self.maxDepth { try skipContainer(); return .tooDeep }
            return try parseObject(depth: depth + 1)
        case UInt8(ascii: "["):
            if depth >= Self.maxDepth { try skipContainer(); return .tooDeep }
            return try parseArray(depth: depth + 1)
        case UInt8(ascii: "\""):
            return .string(try parseString())
        case UInt8(ascii: "t"):
            try expectWord("true"); return .bool(true)
        case UInt8(ascii: "f"):
            try expectWord("false"); return .bool(false)
        case UInt8(ascii: "n"):
            try expectWord("null"); return .null
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            return try parseNumber()
        case UInt8(ascii: "N"), UInt8(ascii: "I"):
            throw error("NaN and Infinity are not JSON")
        default:
            throw error("unexpected character '\(Self.describe(byte))'")
        }
    }

    private static func describe(_ byte: UInt8) -> String {
        byte >= 0x20 && byte < 0x7F ? String(UnicodeScalar(byte)) : "\\x" + String(byte, radix: 16)
    }

    private mutating func expectWord(_ word: StaticString) throws(JSONSyntaxError) {
        let count = word.utf8CodeUnitCount
        guard position + count <= bytes.count else { throw error("unexpected end of input") }
        let start = word.utf8Start
        for i in 0..<count where bytes[position + i] != start[i] {
            throw error("unexpected character '\(Self.describe(bytes[position + i]))'")
        }
        position += count
    }

    private mutating func parseObject(depth: Int) throws(JSONSyntaxError) -> JSONValue {
        position += 1  // {
        var members: [JSONMember] = []
        var seen = KeySet()
        skipWhitespace()
        if current == UInt8(ascii: "}") { position += 1; return .object(members) }
        while true {
            skipWhitespace()
            guard current == UInt8(ascii: "\"") else { throw error("a member name (a string) is expected") }
            let keyStart = position
            let key = try parseString()
            if !seen.insert(key) {
                path.components.append(.key(key))
                position = keyStart
                throw error("member \"\(key)\" is repeated")
            }
            skipWhitespace()
            guard current == UInt8(ascii: ":") else { throw error("':' is expected after a member name") }
            position += 1
            skipWhitespace()
            path.components.append(.key(key))
            let value = try parseValue(depth: depth)
            path.components.removeLast()
            members.append(JSONMember(key: key, value: value))
            skipWhitespace()
            switch current {
            case UInt8(ascii: ","): position += 1
            case UInt8(ascii: "}"): position += 1; return .object(members)
            case nil: throw error("unexpected end of input inside an object")
            default: throw error("',' or '}' is expected")
            }
        }
    }

    private mutating func parseArray(depth: Int) throws(JSONSyntaxError) -> JSONValue {
        position += 1  // [
        var elements: [JSONValue] = []
        skipWhitespace()
        if current == UInt8(ascii: "]") { position += 1; return .array(elements) }
        while true {
            skipWhitespace()
            path.components.append(.index(elements.count))
            let value = try parseValue(depth: depth)
            path.components.removeLast()
            elements.append(value)
            skipWhitespace()
            switch current {
            case UInt8(ascii: ","): position += 1
            case UInt8(ascii: "]"): position += 1; return .array(elements)
            case nil: throw error("unexpected end of input inside an array")
            default: throw error("',' or ']' is expected")
            }
        }
    }

    /// Checks the syntax of a container too deep to keep, without recursion.
    private mutating func skipContainer() throws(JSONSyntaxError) {
        var stack: [UInt8] = []
        // Expectation after each token is loose here; the structure of
        // brackets, strings and literals is checked, which is what keeps the
        // reply `bad-line` for anything that is not JSON at all.
        repeat {
            skipWhitespace()
            guard let byte = current else { throw error("unexpected end of input") }
            switch byte {
            case UInt8(ascii: "{"), UInt8(ascii: "["):
                stack.append(byte); position += 1
            case UInt8(ascii: "}"):
                guard stack.last == UInt8(ascii: "{") else { throw error("unbalanced '}'") }
                stack.removeLast(); position += 1
            case UInt8(ascii: "]"):
                guard stack.last == UInt8(ascii: "[") else { throw error("unbalanced ']'") }
                stack.removeLast(); position += 1
            case UInt8(ascii: ","), UInt8(ascii: ":"):
                position += 1
            default:
                _ = try parseValue(depth: Self.maxDepth + 1)
            }
        } while !stack.isEmpty
    }

    private mutating func parseNumber() throws(JSONSyntaxError) -> JSONValue {
        let start = position
        func isDigit(_ b: UInt8?) -> Bool { b.map { $0 >= 0x30 && $0 <= 0x39 } ?? false }
        if current == UInt8(ascii: "-") { position += 1 }
        guard isDigit(current) else { throw error("a digit is expected") }
        if current == UInt8(ascii: "0") {
            position += 1
            if isDigit(current) { throw error("leading zeros are not JSON") }
        } else {
            while isDigit(current) { position += 1 }
        }
        if current == UInt8(ascii: ".") {
            position += 1
            guard isDigit(current) else { throw error("a digit is expected after '.'") }
            while isDigit(current) { position += 1 }
        }
        if current == UInt8(ascii: "e") || current == UInt8(ascii: "E") {
            position += 1
            if current == UInt8(ascii: "+") || current == UInt8(ascii: "-") { position += 1 }
            guard isDigit(current) else { throw error("a digit is expected in the exponent") }
            while isDigit(current) { position += 1 }
        }
        let literal = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<position]), as: UTF8.self)
        // Overflow gives an infinite value: a JSON number all the same, which
        // the request decoder answers with bad-value.
        let value = Double(literal) ?? .infinity
        return .number(value, literal: literal)
    }

    private mutating func parseString() throws(JSONSyntaxError) -> String {
        position += 1  // opening quote
        var out: [UInt8] = []
        let start = position
        // Fast path: no escapes.
        while position < bytes.count {
            let b = bytes[position]
            if b == UInt8(ascii: "\"") {
                let slice = UnsafeBufferPointer(rebasing: bytes[start..<position])
                position += 1
                return try validated(slice)
            }
            if b == UInt8(ascii: "\\") || b < 0x20 { break }
            position += 1
        }
        out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[start..<position]))
        while true {
            guard let b = current else { throw error("unterminated string") }
            switch b {
            case UInt8(ascii: "\""):
                position += 1
                return try out.withUnsafeBufferPointer { buffer throws(JSONSyntaxError) in try validated(buffer) }
            case UInt8(ascii: "\\"):
                position += 1
                guard let e = current else { throw error("unterminated string") }
                position += 1
                switch e {
                case UInt8(ascii: "\""): out.append(0x22)
                case UInt8(ascii: "\\"): out.append(0x5C)
                case UInt8(ascii: "/"): out.append(0x2F)
                case UInt8(ascii: "b"): out.append(0x08)
                case UInt8(ascii: "f"): out.append(0x0C)
                case UInt8(ascii: "n"): out.append(0x0A)
                case UInt8(ascii: "r"): out.append(0x0D)
                case UInt8(ascii: "t"): out.append(0x09)
                case UInt8(ascii: "u"):
                    var scalar = try parseHex4()
                    if (0xD800..<0xDC00).contains(scalar) {
                        guard current == UInt8(ascii: "\\"), position + 1 < bytes.count,
                              bytes[position + 1] == UInt8(ascii: "u") else {
                            throw error("unpaired surrogate in \\u escape")
                        }
                        position += 2
                        let low = try parseHex4()
                        guard (0xDC00..<0xE000).contains(low) else { throw error("unpaired surrogate in \\u escape") }
                        scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
                    } else if (0xDC00..<0xE000).contains(scalar) {
                        throw error("unpaired surrogate in \\u escape")
                    }
                    guard let unicode = Unicode.Scalar(scalar) else { throw error("invalid \\u escape") }
                    out.append(contentsOf: Array(String(Character(unicode)).utf8))
                default:
                    position -= 1
                    throw error("invalid escape '\\\(Self.describe(e))'")
                }
            default:
                if b < 0x20 { throw error("control character in a string") }
                out.append(b)
                position += 1
            }
        }
    }

    private mutating func parseHex4() throws(JSONSyntaxError) -> UInt32 {
        guard position + 4 <= bytes.count else { throw error("incomplete \\u escape") }
        var value: UInt32 = 0
        for _ in 0..<4 {
            let b = bytes[position]
            let digit: UInt32
            switch b {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = UInt32(b - 0x30)
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = UInt32(b - 0x61 + 10)
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = UInt32(b - 0x41 + 10)
            default: throw error("invalid \\u escape")
            }
            value = value << 4 | digit
            position += 1
        }
        return value
    }

    private func validated(_ slice: UnsafeBufferPointer<UInt8>) throws(JSONSyntaxError) -> String {
        guard let string = String(validating: slice, as: UTF8.self) else { throw error("a string is not valid UTF-8") }
        return string
    }
}
