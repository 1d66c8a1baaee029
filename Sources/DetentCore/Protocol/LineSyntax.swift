/// Splits a request line into verb and fields (detent-protocol(7), "Two
/// encodings"). Only syntax is judged here; every failure is `bad-line`.
public enum LineSyntax {
    /// What one line of input is.
    public enum Outcome: Sendable, Equatable {
        /// Blank, or a `#` comment: no reply.
        case ignored
        case request(RequestLine)
    }

    static func isBlank(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 }

    /// The encoding a reply to this line uses: JSON when its first non-blank
    /// byte is `{`. Works on any bytes, even ones that are not a request.
    public static func encoding(of line: UnsafeBufferPointer<UInt8>) -> Encoding {
        for byte in line where !isBlank(byte) {
            return byte == UInt8(ascii: "{") ? .json : .text
        }
        return .text
    }

    /// Parses `line` (without its `\n`; a final `\r` is dropped here).
    public static func parse(_ line: UnsafeBufferPointer<UInt8>) throws(ProtocolError) -> Outcome {
        var end = line.count
        if end > 0, line[end - 1] == 0x0D { end -= 1 }
        var start = 0
        while start < end, isBlank(line[start]) { start += 1 }
        while end > start, isBlank(line[end - 1]) { end -= 1 }
        if start == end || line[start] == UInt8(ascii: "#") { return .ignored }
        let body = UnsafeBufferPointer(rebasing: line[start..<end])
        guard String(validating: body, as: UTF8.self) != nil else {
            throw ProtocolError(.badLine, "the line is not valid UTF-8")
        }
        if body[0] == UInt8(ascii: "{") { return .request(try parseJSON(body)) }
        return .request(try parseText(body))
    }

    /// Parses a line from an array (tests and tools).
    public static func parse(_ line: [UInt8]) throws(ProtocolError) -> Outcome {
        try line.withUnsafeBufferPointer { buffer throws(ProtocolError) in try parse(buffer) }
    }

    /// Parses a line from a string (tests and tools).
    public static func parse(_ line: String) throws(ProtocolError) -> Outcome {
        try parse(Array(line.utf8))
    }

    // MARK: - Grammar

    /// `[a-z][a-z0-9_-]*`, the grammar of verbs and keys.
    public static func isName<C: Collection>(_ bytes: C) -> Bool where C.Element == UInt8 {
        guard let first = bytes.first, first >= UInt8(ascii: "a"), first <= UInt8(ascii: "z") else { return false }
        return bytes.allSatisfy { b in
            (b >= UInt8(ascii: "a") && b <= UInt8(ascii: "z")) || (b >= UInt8(ascii: "0") && b <= UInt8(ascii: "9"))
                || b == UInt8(ascii: "_") || b == UInt8(ascii: "-")
        }
    }

    private static func string(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> String {
        String(decoding: UnsafeBufferPointer(rebasing: bytes[range]), as: UTF8.self)
    }

    private static func shown(_ text: String) -> String {
        text.count > 40 ? String(text.prefix(40)) + "..." : text
    }

    // MARK: - Text

    static func parseText(_ b: UnsafeBufferPointer<UInt8>) throws(ProtocolError) -> RequestLine {
        var i = 0
        while i < b.count, !isBlank(b[i]) { i += 1 }
        let verbBytes = UnsafeBufferPointer(rebasing: b[0..<i])
        guard isName(verbBytes) else {
            throw ProtocolError(.badLine, "\"\(shown(string(b, 0..<i)))\" is not a verb (lowercase letters, digits, _ and -)")
        }
        let verb = string(b, 0..<i)
        var fields: [RequestField] = []
        var seen = KeySet()
        while true {
            while i < b.count, isBlank(b[i]) { i += 1 }
            if i == b.count { break }
            let keyStart = i
            while i < b.count, b[i] != UInt8(ascii: "="), !isBlank(b[i]) { i += 1 }
            guard i < b.count, b[i] == UInt8(ascii: "=") else {
                throw ProtocolError(.badLine, "\"\(shown(string(b, keyStart..<i)))\" is not a key=value field")
            }
            let keyBytes = UnsafeBufferPointer(rebasing: b[keyStart..<i])
            let key = string(b, keyStart..<i)
            guard isName(keyBytes) else {
                throw ProtocolError(.badLine, "\"\(shown(key))\" is not a key (lowercase letters, digits, _ and -)")
            }
            i += 1  // '='
            let value: String
            if i < b.count, b[i] == UInt8(ascii: "\"") {
                i += 1
                var out: [UInt8] = []
                var closed = false
                while i < b.count {
                    let c = b[i]
                    if c == UInt8(ascii: "\"") { closed = true; i += 1; break }
                    if c == UInt8(ascii: "\\") {
                        guard i + 1 < b.count, b[i + 1] == UInt8(ascii: "\"") || b[i + 1] == UInt8(ascii: "\\") else {
                            throw ProtocolError(.badLine, "\(key): only \\\" and \\\\ are escapes in a quoted value")
                        }
                        out.append(b[i + 1])
                        i += 2
                        continue
                    }
                    out.append(c)
                    i += 1
                }
                guard closed else { throw ProtocolError(.badLine, "\(key): unbalanced quotes") }
                guard i == b.count || isBlank(b[i]) else {
                    throw ProtocolError(.badLine, "\(key): a blank must follow the closing quote")
                }
                value = String(decoding: out, as: UTF8.self)
            } else {
                let valueStart = i
                while i < b.count, !isBlank(b[i]) {
                    if b[i] == UInt8(ascii: "\"") {
                        throw ProtocolError(.badLine, "\(key): a '\"' inside a bare value (quote the whole value)")
                    }
                    i += 1
                }
                value = string(b, valueStart..<i)
            }
            if !seen.insert(key) {
                throw ProtocolError(.badLine, "\(key): key given twice")
            }
            fields.append(RequestField(key: key, value: .text(value)))
        }
        return RequestLine(encoding: .text, verb: verb, fields: fields)
    }

    // MARK: - JSON

    static func parseJSON(_ b: UnsafeBufferPointer<UInt8>) throws(ProtocolError) -> RequestLine {
        let value: JSONValue
        do {
            value = try JSONParser.parse(b)
        } catch {
            let at = error.path.components.isEmpty ? "" : " at \(error.path)"
            throw ProtocolError(.badLine, "invalid JSON\(at): \(error.message) (byte \(error.offset + 1))")
        }
        guard case .object(let members) = value else {
            throw ProtocolError(.badLine, "a JSON line must be one object")
        }
        guard let op = members.first(where: { $0.key == "op" }) else {
            throw ProtocolError(.badLine, "a JSON line needs \"op\", the verb")
        }
        guard case .string(let verb) = op.value else {
            throw ProtocolError(.badLine, "\"op\" must be a string, the verb")
        }
        guard isName(verb.utf8) else {
            throw ProtocolError(.badLine, "\"\(shown(verb))\" is not a verb (lowercase letters, digits, _ and -)")
        }
        var fields: [RequestField] = []
        fields.reserveCapacity(members.count - 1)
        for member in members where member.key != "op" {
            fields.append(RequestField(key: member.key, value: .json(member.value)))
        }
        return RequestLine(encoding: .json, verb: verb, fields: fields)
    }
}
