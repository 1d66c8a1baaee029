import DetentCore

/// Feeds arbitrary bytes through what a connection does with them: the
/// real `LineFramer` (the input cut into reads of a size the input picks),
/// then every line through both parsers, each with its own connection and
/// server state. A violation traps, which the fuzzer reports as a crash:
/// - a reply that is not one well-formed line (`ReplyCheck`);
/// - the fast path (`FastLine`) reading a request the general path
///   (`LineSyntax`, `RequestDecoder`) decodes differently;
/// - the two dispatchers answering differently, or leaving different
///   sessions or counters.
enum FuzzTarget {
    /// The bundled plugins, with a small line limit so over-long lines are
    /// reached by inputs of fuzzing size.
    static let config: Config = {
        guard var config = try? ConfigLoader.load(Array(EmbeddedConfig.json.utf8), file: "plugins.json", directory: nil) else {
            fatalError("the embedded plugins.json must load")
        }
        config.limits.maxLineBytes = 512
        return config
    }()

    /// One connection, answered by one of the two paths.
    struct Side {
        let fast: Bool
        let server = ServerState(config: FuzzTarget.config)
        var connection = ConnectionState()
        let output = ReplyBuffer()

        init(fast: Bool) { self.fast = fast }

        mutating func take(_ frame: LineFramer.Frame) -> [UInt8] {
            output.removeAll()
            switch frame {
            case .line(let line): _ = Dispatcher.answer(line, connection: &connection, server: server, output: output, fast: fast)
            case .tooLong(let prefix): Dispatcher.lineTooLong(start: prefix, server: server, output: output)
            }
            return output.bytes
        }
    }

    static func run(_ bytes: UnsafeBufferPointer<UInt8>) {
        var fast = Side(fast: true)
        var general = Side(fast: false)
        var framer = LineFramer()
        let limit = config.limits.maxLineBytes
        let deliver = { (frame: LineFramer.Frame) -> Bool in
            if case .line(let line) = frame { compareRequests(line) }
            let a = fast.take(frame)
            let b = general.take(frame)
            precondition(a == b, "the paths answered differently: \(text(a)) | \(text(b))")
            if !a.isEmpty, let problem = ReplyCheck.problem(a) { preconditionFailure("\(problem): \(text(a))") }
            compareStates(fast, general)
            for name in fast.connection.sessions.keys {
                let pushA = Dispatcher.autoplayPush(session: name, connection: &fast.connection)
                let pushB = Dispatcher.autoplayPush(session: name, connection: &general.connection)
                precondition(pushA == pushB, "autoplay differs: \(pushA ?? "nil") | \(pushB ?? "nil")")
                if let pushA, let problem = ReplyCheck.problem(pushA) { preconditionFailure("\(problem): \(pushA)") }
            }
            return !fast.connection.finished
        }
        // Reads of 1 to 64 bytes, as the first byte says: every split point
        // of a line is reached over the corpus.
        let step = bytes.isEmpty ? 1 : Int(bytes[0] % 64) + 1
        var start = 0
        while start < bytes.count, framer.state != .finished, !fast.connection.finished {
            let end = min(start + step, bytes.count)
            framer.feed(UnsafeBufferPointer(rebasing: bytes[start..<end]), limit: limit, deliver)
            start = end
        }
        framer.endOfInput()
        if !fast.connection.finished { framer.resume(limit: limit, deliver) }
    }

    /// A request the fast path reads is the one the general path decodes.
    static func compareRequests(_ line: UnsafeBufferPointer<UInt8>) {
        guard let quick = FastLine.parse(line, maxItems: config.limits.maxItems) else { return }
        guard case .request(let parsed)? = try? LineSyntax.parse(line),
              let decoded = try? RequestDecoder.decode(parsed, maxItems: config.limits.maxItems) else {
            preconditionFailure("the fast path read \(quick) from a line the general path refuses: \(text(Array(line)))")
        }
        precondition(quick == decoded, "the paths read \(quick) and \(decoded) from \(text(Array(line)))")
    }

    /// The same sessions, in the same places, and the same counters.
    static func compareStates(_ a: Side, _ b: Side) {
        precondition(a.connection.sessions.keys == b.connection.sessions.keys, "the sessions differ")
        precondition(a.connection.finished == b.connection.finished)
        for name in a.connection.sessions.keys {
            guard let x = a.connection.sessions[name], let y = b.connection.sessions[name] else { continue }
            precondition(x.restingIndex == y.restingIndex && x.restingOffset == y.restingOffset
                && x.autoplay == y.autoplay && x.plugin.name == y.plugin.name, "session \(name) differs")
        }
        precondition(a.server.requests == b.server.requests && a.server.errors == b.server.errors
            && a.server.sessions == b.server.sessions, "the counters differ")
    }

    static func text(_ bytes: [UInt8]) -> String { String(decoding: bytes, as: UTF8.self) }
}

/// libFuzzer's entry point.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    FuzzTarget.run(UnsafeBufferPointer(start: data, count: data == nil ? 0 : size))
    return 0
}
