import DetentCore

/// Feeds arbitrary bytes, split into lines as the daemon splits them,
/// through the line codec and the request dispatcher of one connection,
/// checking what must hold for every input: at most one reply per line, one
/// line long, never a non-finite number. A violation traps, which the
/// fuzzer reports as a crash.
enum FuzzTarget {
    static let config: Config = {
        guard let config = try? ConfigLoader.load(Array(EmbeddedConfig.json.utf8), file: "plugins.json", directory: nil) else {
            fatalError("the embedded plugins.json must load")
        }
        return config
    }()

    static func run(_ bytes: UnsafeBufferPointer<UInt8>) {
        let server = ServerState(config: config)
        var connection = ConnectionState()
        var start = 0
        while start <= bytes.count, !connection.finished {
            var end = start
            while end < bytes.count, bytes[end] != 0x0A { end += 1 }
            let line = UnsafeBufferPointer(rebasing: bytes[start..<end])
            let reply: String?
            if line.count > config.limits.maxLineBytes {
                reply = Dispatcher.lineTooLong(start: UnsafeBufferPointer(rebasing: line.prefix(64)), server: server)
            } else {
                reply = Dispatcher.handle(line, connection: &connection, server: server).reply
            }
            if let reply { check(reply) }
            for name in connection.sessions.keys {
                if let push = Dispatcher.autoplayPush(session: name, connection: &connection) { check(push) }
            }
            start = end + 1
        }
    }
}

extension FuzzTarget {
    /// Keys whose values the daemon computes: always finite numbers.
    static let numericKeys: Set<String> = ["proto", "index", "x", "snaps", "pad", "dup", "page", "jump", "every",
                                           "connections", "sessions", "requests", "errors", "uptime",
                                           "from", "v", "rate", "omega", "ms"]

    /// A reply is one line, well-formed in its encoding (it reads back with
    /// the daemon's own parsers), with finite numbers where numbers belong.
    static func check(_ reply: String) {
        let bytes = Array(reply.utf8)
        precondition(bytes.last == 0x0A && bytes.dropLast().firstIndex(of: 0x0A) == nil, "not one line: \(reply)")
        let body = Array(bytes.dropLast())
        if body.first == UInt8(ascii: "{") {
            guard case .object(let members)? = try? JSONParser.parse(body),
                  case .string? = members.first(where: { $0.key == "op" })?.value else {
                preconditionFailure("a JSON reply that is not one object with op: \(reply)")
            }
            for member in members where numericKeys.contains(member.key) {
                guard case .number(let value, _) = member.value, value.isFinite else {
                    preconditionFailure("\(member.key) is not a finite number: \(reply)")
                }
            }
        } else {
            guard case .request(let line)? = try? LineSyntax.parse(body) else {
                preconditionFailure("a text reply that does not read back: \(reply)")
            }
            for field in line.fields where numericKeys.contains(field.key) {
                guard case .text(let text) = field.value, let value = NumberSyntax.parse(text), value.isFinite else {
                    preconditionFailure("\(field.key) is not a finite number: \(reply)")
                }
            }
        }
    }
}

/// libFuzzer's entry point.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    FuzzTarget.run(UnsafeBufferPointer(start: data, count: data == nil ? 0 : size))
    return 0
}
