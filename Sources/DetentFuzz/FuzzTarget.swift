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
            if let reply {
                let newlines = reply.utf8.filter { $0 == 0x0A }.count
                precondition(newlines == 1 && reply.utf8.last == 0x0A, "a reply must be exactly one line: \(reply)")
                // Error messages may quote the input; other replies only
                // carry numbers the daemon computed.
                let isError = reply.hasPrefix("error ") || reply.hasPrefix("{\"op\":\"error\"")
                precondition(isError || !(reply.contains("nan") || reply.contains("inf")),
                             "a reply wrote a non-finite number: \(reply)")
            }
            for name in connection.sessions.keys {
                _ = Dispatcher.autoplayPush(session: name, connection: &connection)
            }
            start = end + 1
        }
    }
}

/// libFuzzer's entry point.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    FuzzTarget.run(UnsafeBufferPointer(start: data, count: data == nil ? 0 : size))
    return 0
}
