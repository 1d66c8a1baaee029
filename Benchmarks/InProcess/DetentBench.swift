import ArgumentParser

/// `detent-bench`: what one decision and one whole `end` line cost in this
/// process, and what they allocate. A benchmark tool, built by
/// scripts/bench and never installed: it links an allocation counter that
/// replaces malloc.
@main
struct DetentBench: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "detent-bench",
        abstract: "Time one `end` decision per strategy in-process, and count its allocations.",
        discussion: """
            For every plugin of the config (or only --plugin), with 5 and 10,000 \
            items: Session.end near the resting item and anywhere in the content, \
            the strategy's rule alone, and a whole `end` line through the \
            dispatcher with its reply written into a connection's output buffer. \
            Allocations are counted per call (not available under AddressSanitizer).

            Examples:
              detent-bench
              detent-bench --config Benchmarks/plugin/plugins.json --json
              detent-bench --spring-proof 100000000
            """
    )

    @Option(name: .long, help: "The one plugin to time (default: every one).")
    var plugin: String?

    @Option(name: .long, help: "The plugins.json to read (default: the embedded one).")
    var config: String?

    @Option(name: .long, help: "Calls per timing run (fewer is quicker and noisier).")
    var iterations = 100_000

    @Option(name: .long, help: ArgumentHelp(
        "Instead: check the spring's closed-form duration against the search on this many random springs, and time both.",
        valueName: "count"))
    var springProof: Int?

    @Flag(name: .long, help: "Print JSON instead of a table.")
    var json = false

    func validate() throws {
        guard iterations >= 1 else { throw ValidationError("--iterations must be at least 1") }
        if let springProof, springProof < 1 { throw ValidationError("--spring-proof must be at least 1") }
    }

    func run() throws {
        if let springProof { return try SpringProofBench(count: springProof, json: json).run() }
        try InProcessBench(plugin: plugin, config: config, json: json, iterations: iterations).run()
    }
}

/// A benchmark that cannot run, with why.
struct BenchFailure: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}
