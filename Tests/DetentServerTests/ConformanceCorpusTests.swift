import DetentTestSupport
import Foundation
import Testing

/// The conformance corpus (Tests/Conformance) against the real daemon:
/// every reply in it is what detentd writes today. With
/// DETENT_CORPUS_WRITE=1 the replies are rewritten from the daemon.
@Suite struct ConformanceCorpusTests {
    @Test func theCorpusIsWhatTheDaemonAnswers() throws {
        var corpus = try ConformanceCorpus()
        let writing = ProcessInfo.processInfo.environment["DETENT_CORPUS_WRITE"] == "1"
        let replay = try CorpusReplay()
        defer { replay.stop() }
        var differences: [String] = []
        for (i, step) in corpus.steps.enumerated() {
            switch step {
            case .comment: break
            case .daemon(let config): try replay.start(config: config)
            case .connect: try replay.connect()
            case .request(let line): try replay.send(line)
            case .reply(let expected), .push(let expected):
                let isPush = if case .push = step { true } else { false }
                let actual = try replay.read(push: isPush, skippingPushesOtherThan: expected)
                if writing {
                    corpus.steps[i] = isPush ? .push(actual) : .reply(actual)
                } else if actual != expected {
                    differences.append("step \(i): \(actual)\n  instead of \(expected)")
                }
            }
        }
        if writing {
            try corpus.text.write(toFile: ConformanceCorpus.path, atomically: true, encoding: .utf8)
        }
        #expect(differences.isEmpty, "the daemon answers differently (DETENT_CORPUS_WRITE=1 rewrites the corpus):\n\(differences.joined(separator: "\n"))")
    }

    /// The corpus covers every verb, every reply kind and every error code
    /// of detent-protocol(7), in both encodings.
    @Test func theCorpusCoversTheProtocol() throws {
        let corpus = try ConformanceCorpus()
        let replies = corpus.replies
        let text = replies.filter { !$0.hasPrefix("{") }
        let json = replies.filter { $0.hasPrefix("{") }
        for verb in ["hello", "pong", "plugins", "opened", "began", "moved", "snap", "ok", "closed", "stats", "bye", "error", "kept"] {
            #expect(text.contains { $0.hasPrefix(verb + " ") || $0 == verb }, "no text \(verb) reply")
            #expect(json.contains { $0.hasPrefix("{\"op\":\"\(verb)\"") }, "no JSON \(verb) reply")
        }
        for code in ["bad-line", "line-too-long", "unknown-verb", "unknown-key", "missing-key", "bad-value", "unknown-session",
                     "session-exists", "unknown-plugin", "too-many-sessions", "bad-layout", "unsupported-layout", "busy",
                     "forbidden", "plugin-failed"] {
            #expect(replies.contains { $0.contains("code=\(code) ") || $0.contains("\"code\":\"\(code)\"") }, "no error \(code)")
        }
        for field in ["id=", "pad=", "dup=", "jump=", "page=", "rate=", "omega=", "cause=autoplay", "cause=wheel", "cause=scroll", "curve=decay", "curve=spring"] {
            #expect(text.contains { $0.contains(" " + field) }, "no text reply with \(field)")
        }
    }
}
