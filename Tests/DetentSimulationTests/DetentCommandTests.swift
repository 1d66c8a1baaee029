import DetentTestSupport
import Foundation
import Testing

/// The `detent` executable, run as a process.
@Suite struct DetentCommandTests {
    static let repository = BuiltProducts.repositoryRoot
    static let executable = BuiltProducts.executable("detent")

    func run(_ arguments: [String]) throws -> ProcessOutput {
        try ProcessOutput.run(Self.executable, arguments)
    }

    @Test func simulatePrintsAndDraws() throws {
        let svg = NSTemporaryDirectory() + "detent-simulate-\(getpid()).svg"
        defer { try? FileManager.default.removeItem(atPath: svg) }
        let result = try run(["simulate", "--config", Self.repository + "/plugins.json", "--plugin", "cards,paging",
                              "--layout", "viewport=375 item=343 count=5 spacing=8 lead=16 trail=16",
                              "--gesture", "end x=90 v=1.4", "--gesture", "end x=500 v=-0.2", "--svg", svg])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.hasPrefix("cards (flick)\n  opened s=cards plugin=cards index=0 x=0 snaps=5\n"))
        #expect(result.stdout.contains("paging (paging)\n  opened s=paging plugin=paging index=0 x=0 snaps=5\n"))
        #expect(result.stdout.contains("  end x=90 v=1.4  ->  snap s=paging index=1 x=375 mode=decelerate cause=release page=1"))
        let drawing = try String(contentsOfFile: svg, encoding: .utf8)
        #expect(SVGDocument(drawing).marks("chosen", in: "cards").count == 2)
    }

    @Test func mistakesAreUsageErrors() throws {
        let unknown = try run(["simulate", "--config", Self.repository + "/plugins.json", "--plugin", "crads", "--layout", "viewport=3"])
        #expect(unknown.status == 64)
        #expect(unknown.stderr.contains(#"no plugin "crads" (did you mean "cards"?)"#))
        let missing = try run(["simulate"])
        #expect(missing.status == 64)
        let help = try run(["simulate", "--help"])
        for flag in ["--config", "--plugin", "--layout", "--gesture", "--svg"] { #expect(help.stdout.contains(flag)) }
    }
}
