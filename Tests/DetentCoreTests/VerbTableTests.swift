import Foundation
import Testing
@testable import DetentCore
import DetentTestSupport

/// The verb table is the protocol's one list of verbs (issue 21): adding a
/// verb is one entry, one handler, the man page and the corpus. These
/// count it, as `aStrategyIsOneFileAndOneRegistryLine` does for strategies.
@Suite struct VerbTableTests {
    static let sources = BuiltProducts.repositoryFile("Sources")
    /// The daemon and what runs requests through its dispatcher: the
    /// Swift client sends any verb with `DetentClient.request` (its typed
    /// methods are conveniences), and `detent bench` sends lines as data.
    static let counted = ["DetentCore", "DetentServer", "detentd", "DetentSimulation"]

    static func swiftFiles() throws -> [(path: String, text: String)] {
        try counted.flatMap { module in
            try (FileManager.default.subpaths(atPath: sources + "/" + module) ?? []).filter { $0.hasSuffix(".swift") }.map {
                (module + "/" + $0, try String(contentsOfFile: sources + "/" + module + "/" + $0, encoding: .utf8))
            }
        }
    }

    /// Whether `text` spells `literal` as a value: not a dictionary key
    /// (a log's metadata), and not in the config's reader, whose
    /// plugins.json has a key `plugins` of its own.
    static func spells(_ literal: String, in file: (path: String, text: String)) -> Bool {
        let replies = ["Sessions/Decision.swift"].map { "DetentCore/" + $0 }
        guard !file.path.hasPrefix("DetentCore/Config/"), !file.path.contains("/Generated/"), !replies.contains(file.path) else {
            return false
        }
        let code = file.text.split(separator: "\n").filter { !$0.trimmingCharacters(in: .whitespaces).hasPrefix("//") }
        return code.joined(separator: "\n").components(separatedBy: literal).dropFirst().contains { !$0.hasPrefix(":") }
    }

    /// A verb's name is spelled in the table and nowhere else; the reply
    /// description (`ReplyKind`, `ReplyField`, the causes) may spell the
    /// same name for a reply, a field or a value of its own (`hello`,
    /// `plugins=`, `cause=goto`).
    @Test func aVerbIsOneTableEntryAndOneHandler() throws {
        let files = try Self.swiftFiles()
        let table = try #require(files.first { $0.path == "DetentCore/Protocol/Generated/Verb+Table.swift" })
        for verb in Verb.all {
            let literal = "\"\(verb.name)\""
            #expect(table.text.split(separator: "\n").filter { $0.contains(literal) }.count == 1, "one table line for \(verb)")
            let naming = files.filter { Self.spells(literal, in: $0) }.map(\.path).filter { $0 != table.path }
            #expect(naming.isEmpty, "\(verb) is spelled in \(naming)")
        }
        #expect(Set(Verb.all.map(\.name)).count == Verb.all.count, "names are unique")
    }

    /// The dispatcher, the decoders and the encoder read the table: every
    /// verb round-trips and reaches its handler with no other list.
    @Test func everyVerbOfTheTableIsAnsweredAndNotRefusedAsUnknown() {
        for verb in Verb.all {
            var fields = RequestFields(session: "a", x: 0, every: 0, index: 0, geometry: Self.geometry)
            fields.id = .text("q")
            (fields.dx, fields.dy, fields.t, fields.to) = (0, 0, 0, "next")
            fields.by = 0
            let line = RequestEncoder.line(verb, fields)
            var harness = Harness()
            let reply = harness.send(line) ?? ""
            #expect(!reply.contains("unknown-verb") && !reply.contains("unknown-key") && !reply.contains("missing-key"), "\(line) -> \(reply)")
        }
    }

    static var geometry: GeometrySpec {
        var g = GeometrySpec()
        g.viewport = 400
        return g
    }

    /// detent-protocol(7)'s Requests list every verb of the table with
    /// exactly its keys, required ones bare and optional ones in brackets.
    @Test func theManPageListsEachVerbWithItsKeys() throws {
        let man = try String(contentsOfFile: BuiltProducts.repositoryFile("man/detent-protocol.7"), encoding: .utf8)
        let items = man.split(separator: "\n").filter { $0.hasPrefix(".It Cm ") }
        for verb in Verb.all {
            let item = try #require(items.first { $0.split(separator: " ").dropFirst(2).first == Substring(verb.name) },
                                    "no .It Cm \(verb.name) in detent-protocol(7)")
            let words = item.split(separator: " ").map(String.init)
            var keys: [Key] = []
            var required: [Key] = []
            for (i, word) in words.enumerated() where word == "Cm" && i + 2 < words.count && words[i + 2] == "Ns" {
                guard let key = Key(rawValue: words[i + 1]) else { continue }
                keys.append(key)
                if !["Op", "Oo"].contains(words[i - 1]) { required.append(key) }
            }
            if words.contains("geometry") {
                keys += Key.geometry
                required.append(.viewport)
            }
            #expect(Set(keys) == Set(verb.keys.filter { $0 != .id }), "\(verb): the man page says \(keys)")
            #expect(Set(required) == Set(verb.requiredKeys), "\(verb): the man page requires \(required)")
        }
    }

    /// The conformance corpus sends every verb of the table in both
    /// encodings, so each client's corpus test meets a new one.
    @Test func theCorpusSendsEveryVerbInBothEncodings() throws {
        let corpus = try String(contentsOfFile: BuiltProducts.repositoryFile("Tests/Conformance/corpus.txt"), encoding: .utf8)
        let requests = corpus.split(separator: "\n").filter { $0.hasPrefix("> ") }.map { $0.dropFirst(2) }
        for verb in Verb.all {
            #expect(requests.contains { $0.hasPrefix(verb.name + " ") || $0 == Substring(verb.name) }, "no text \(verb) in the corpus")
            #expect(requests.contains { $0.hasPrefix("{\"op\":\"\(verb.name)\"") }, "no JSON \(verb) in the corpus")
        }
    }
}
