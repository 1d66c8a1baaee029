/// The one encoder of requests: a `Command` as a text line that
/// `RequestDecoder` reads back as the same command (detent-protocol(7),
/// "Two encodings"). The Swift client and the tests write requests
/// through it; none quotes by hand.
public enum RequestEncoder {
    /// The line, without its newline; `id` is echoed by the reply.
    public static func line(_ command: Command, id: String? = nil) -> String {
        var out = command.verb.rawValue
        func field(_ key: Key, _ text: String) { out += " \(key.rawValue)=\(value(text))" }
        func number(_ key: Key, _ n: Double?) { if let n { field(key, NumberFormat.string(n)) } }
        switch command {
        case .hello(let client):
            if let client { field(.client, client) }
        case .ping, .plugins, .stats, .quit:
            break
        case .session(let session, let verb):
            field(.s, session)
            switch verb {
            case .open(let plugin, let geometry):
                if let plugin { field(.plugin, plugin) }
                out += fields(geometry)
            case .layout(let geometry):
                out += fields(geometry)
            case .begin(let x, let t), .move(let x, let t):
                number(.x, x)
                number(.t, t)
            case .end(let x, let v, let target, let t):
                number(.x, x)
                number(.v, v)
                number(.target, target)
                number(.t, t)
            case .cancel, .close:
                break
            case .goto(let index, let x):
                number(.index, index)
                number(.x, x)
            case .autoplay(let every):
                number(.every, every)
            }
        }
        if let id { field(.id, id) }
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
        var out = ""
        func add(_ key: Key, _ text: String?) { if let text { out += " \(key.rawValue)=\(text)" } }
        func n(_ value: Double?) -> String? { value.map { NumberFormat.string($0) } }
        func list(_ values: [Double]?) -> String? { values.map { $0.map { NumberFormat.string($0) }.joined(separator: ",") } }
        add(.viewport, n(g.viewport))
        add(.item, n(g.item))
        add(.count, g.count.map(String.init))
        add(.sizes, list(g.sizes))
        add(.points, list(g.points))
        add(.spacing, n(g.spacing))
        add(.lead, n(g.lead))
        add(.trail, n(g.trail))
        add(.align, g.align?.rawValue)
        add(.contain, g.contain?.rawValue)
        add(.index, n(g.index))
        add(.axis, g.axis?.rawValue)
        add(.loop, g.loop.map { $0 ? "1" : "0" })
        return out
    }
}
