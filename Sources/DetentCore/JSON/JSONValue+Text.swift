extension JSONValue {
    /// The value as JSON text: what a plugin library's `create` reads.
    /// Numbers keep their literal, so the plugin sees what the file says.
    public var text: String {
        let out = ReplyBuffer()
        write(to: out)
        return String(decoding: out.bytes, as: UTF8.self)
    }

    func write(to out: ReplyBuffer) {
        switch self {
        case .number(_, let literal): out.append(literal)
        case .string(let text): ReplyWriter.appendJSONString(text, to: out)
        case .bool(let flag): out.append(flag ? "true" : "false")
        case .null, .tooDeep: out.append("null")
        case .array(let items):
            out.append(0x5B)
            for (i, item) in items.enumerated() {
                if i > 0 { out.append(0x2C) }
                item.write(to: out)
            }
            out.append(0x5D)
        case .object(let members):
            out.append(0x7B)
            for (i, member) in members.enumerated() {
                if i > 0 { out.append(0x2C) }
                ReplyWriter.appendJSONString(member.key, to: out)
                out.append(0x3A)
                member.value.write(to: out)
            }
            out.append(0x7D)
        }
    }
}

extension JSONValue {
    /// Whether the value holds nesting deeper than the parser followed.
    var isTooDeep: Bool {
        switch self {
        case .tooDeep: true
        case .array(let items): items.contains { $0.isTooDeep }
        case .object(let members): members.contains { $0.value.isTooDeep }
        default: false
        }
    }
}
