import Foundation

/// Tests/Conformance/corpus.txt read as steps (its README has the format):
/// the daemon's tests replay it, every client's tests read its replies.
public struct ConformanceCorpus {
    public enum Step: Equatable {
        case comment(String)
        case daemon(config: String)
        case connect
        case request(String)
        case reply(String)
        case push(String)
    }

    public static let path = BuiltProducts.repositoryFile("Tests/Conformance/corpus.txt")
    public var steps: [Step]

    public init(path: String = ConformanceCorpus.path) throws {
        let text = try String(contentsOfFile: path, encoding: .utf8)
        steps = try text.split(separator: "\n", omittingEmptySubsequences: false).enumerated().compactMap { number, line in
            try Self.step(String(line), line: number + 1)
        }
    }

    static func step(_ line: String, line number: Int) throws -> Step? {
        if line.isEmpty { return nil }
        if line.hasPrefix("#") { return .comment(line) }
        guard line.count >= 2, line.dropFirst().first == " " else { throw TestFailure("corpus.txt:\(number): no marker: \(line)") }
        let rest = String(line.dropFirst(2))
        switch line.first {
        case ">": return .request(rest)
        case "<": return .reply(rest)
        case "!": return .push(rest)
        case "@" where rest == "connect": return .connect
        case "@" where rest.hasPrefix("daemon "): return .daemon(config: String(rest.dropFirst("daemon ".count)))
        default: throw TestFailure("corpus.txt:\(number): unknown step: \(line)")
        }
    }

    /// Every line a client reads: replies and pushes.
    public var replies: [String] {
        steps.compactMap { step in
            switch step {
            case .reply(let line), .push(let line): line
            default: nil
            }
        }
    }

    /// The file again, with `steps`.
    public var text: String {
        steps.map { step in
            switch step {
            case .comment(let line): line
            case .daemon(let config): "@ daemon " + config
            case .connect: "@ connect"
            case .request(let line): "> " + line
            case .reply(let line): "< " + line
            case .push(let line): "! " + line
            }
        }.joined(separator: "\n") + "\n"
    }
}
