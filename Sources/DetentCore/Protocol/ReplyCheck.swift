/// What every reply line must be (detent-protocol(7), "Reply format"): one
/// line, well-formed in its encoding (it reads back with the daemon's own
/// parsers), with finite numbers wherever the daemon computes one. The
/// fuzz target and the robustness tests hold every reply to it.
public enum ReplyCheck {
    /// Keys whose values the daemon computes: always finite numbers.
    public static let numericKeys: Set<String> = Set(ReplyKind.all.flatMap(\.fields).filter(\.isNumeric).map(\.name))

    /// What is wrong with `reply` (its `\n` included), or nil when nothing is.
    public static func problem(_ reply: [UInt8]) -> String? {
        guard reply.last == 0x0A, reply.dropLast().firstIndex(of: 0x0A) == nil else { return "not one line" }
        let body = Array(reply.dropLast())
        if body.first == UInt8(ascii: "{") {
            guard case .object(let members)? = try? JSONParser.parse(body),
                  case .string? = members.first(where: { $0.key == "op" })?.value else {
                return "a JSON reply that is not one object with op"
            }
            for member in members where numericKeys.contains(member.key) {
                guard case .number(let value, _) = member.value, value.isFinite else {
                    return "\(member.key) is not a finite number"
                }
            }
            return nil
        }
        guard case .request(let line)? = try? LineSyntax.parse(body) else { return "a text reply that does not read back" }
        for field in line.fields where numericKeys.contains(field.key) {
            guard case .text(let text) = field.value, let value = NumberSyntax.parse(text), value.isFinite else {
                return "\(field.key) is not a finite number"
            }
        }
        return nil
    }

    /// The same for a reply as a string.
    public static func problem(_ reply: String) -> String? {
        problem(Array(reply.utf8))
    }
}
