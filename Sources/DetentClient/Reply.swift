import DetentCore

/// A reply line read back with the protocol's own text parser.
public struct Reply: Sendable, Equatable {
    /// The line as received, without its newline.
    public var line: String
    public var verb: String
    private var values: [String: String]

    /// Parses a reply line, text or JSON (field values read as text).
    public init(_ line: String) throws(DetentClientError) {
        guard case .request(let parsed)? = try? LineSyntax.parse(line) else {
            throw .unexpectedReply(line)
        }
        self.line = line
        verb = parsed.verb
        var values: [String: String] = [:]
        for field in parsed.fields {
            switch field.value {
            case .text(let text): values[field.key] = text
            case .json(.string(let text)): values[field.key] = text
            case .json(.number(_, let literal)): values[field.key] = literal
            case .json(.bool(let flag)): values[field.key] = flag ? "true" : "false"
            case .json(.array(let items)):
                values[field.key] = items.map { item -> String in
                    switch item {
                    case .string(let text): text
                    case .number(_, let literal): literal
                    default: ""
                    }
                }.joined(separator: ",")
            case .json: break
            }
        }
        self.values = values
    }

    /// A field's value.
    public subscript(key: String) -> String? { values[key] }

    /// A field's value, by its description.
    public subscript(field: ReplyField) -> String? { values[field.name] }

    /// A numeric field, by its description.
    public func number(_ field: ReplyField) -> Double? { number(field.name) }

    /// An integral field, by its description.
    public func int(_ field: ReplyField) -> Int? { int(field.name) }

    /// A numeric field.
    public func number(_ key: String) -> Double? { values[key].flatMap { NumberSyntax.parse($0) } }

    /// An integral field.
    public func int(_ key: String) -> Int? { number(key).flatMap { $0.isFinite && abs($0) < 9e15 ? Int($0) : nil } }

    /// An enumerated field, if its value is one the description lists
    /// (`ReplyField.enumerations`); an unknown value reads as missing.
    public func choice(_ field: ReplyField) -> String? {
        guard let value = self[field] else { return nil }
        return ReplyField.enumerations[field.name].map { $0.contains(value) ? value : nil } ?? value
    }

    /// A list field (`a,b` in text, an array in JSON), by its description.
    public func list(_ field: ReplyField) -> [String]? {
        self[field].map { $0.isEmpty ? [] : $0.split(separator: ",", omittingEmptySubsequences: false).map(String.init) }
    }

    /// Whether this is a pushed line (autoplay) rather than a reply.
    public var isPush: Bool { verb == ReplyKind.snap.name && self[.cause] == Cause.autoplay.rawValue }

    /// The `error` this reply is, if it is one.
    public var error: DetentError? {
        guard verb == ReplyKind.error.name else { return nil }
        return DetentError(codeName: self[.code] ?? "", message: self[.msg] ?? "", session: self[.s])
    }

    /// The decision of a `snap` line; `unexpectedReply` with the line (and,
    /// when its motion does not read, why: `SnapReply.readMotion`).
    public func decision() throws(DetentClientError) -> Decision {
        guard verb == ReplyKind.snap.name else { throw .unexpectedReply(line) }
        do throws(DetentClientError) {
            return try SnapReply(self).decision()
        } catch {
            if case .unexpectedReply(let why) = error, why.hasPrefix(line) { throw error }
            throw .unexpectedReply(line)
        }
    }
}
