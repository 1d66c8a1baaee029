/// The one encoder of requests: a verb and its values as a text line that
/// `RequestDecoder` reads back as the same request (detent-protocol(7),
/// "Two encodings"). It writes the keys the verb table lists, in its
/// order; the Swift client and the tests write requests through it, and
/// none quotes by hand.
public enum RequestEncoder {
    /// The line, without its newline; `fields.id` goes last.
    public static func line(_ verb: Verb, _ fields: RequestFields) -> String {
        var out = verb.name
        for key in verb.keys where key != .id {
            if let text = fields.text(key) { out += " \(key.rawValue)=\(value(text))" }
        }
        if let id = fields.text(.id) { out += " id=\(value(id))" }
        return out
    }

    /// A value as the text encoding writes it: bare when it can be, else
    /// quoted with `\"` and `\\` escaped (the only escapes).
    public static func value(_ text: String) -> String {
        let bare = !text.isEmpty && !text.utf8.contains { $0 == 0x20 || $0 == 0x09 || $0 == 0x22 }
        if bare { return text }
        var quoted = "\""
        for character in text {
            if character == "\"" || character == "\\" { quoted.append("\\") }
            quoted.append(character)
        }
        return quoted + "\""
    }

    /// The geometry keys of `open` and `layout`, each with a leading blank.
    public static func fields(_ g: GeometrySpec) -> String {
        Key.geometry.reduce(into: "") { out, key in
            if let text = g.text(key) { out += " \(key.rawValue)=\(text)" }
        }
    }
}
