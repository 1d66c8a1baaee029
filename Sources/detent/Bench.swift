#if canImport(Glibc)
import Glibc
#endif
import ArgumentParser
import DetentClient
import DetentCore
import FoundationEssentials
import Histogram

/// `detent bench`: closed-loop load against a daemon.
struct Bench: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Measure requests per second and latency against detentd.",
        discussion: """
            Opens -c connections, each with a session of --plugin over a realistic \
            layout (the seed 000 cards, --items of them), and keeps -P requests in \
            flight on each: `end` decisions at varied offsets and velocities (or \
            `ping` with --ping), for -n requests or -d seconds. Prints requests per \
            second and latency percentiles (HdrHistogram); a live progress line on a \
            terminal; --json for machines. Any `error` reply counts as a failure \
            (exit status 1).

            The same load runs against any line-echo server, which is how \
            scripts/bench measures the floor to compare with.

            --hold N opens N idle connections and holds them --hold-seconds.

            Examples:
              detent bench -c 50 -P 1 -d 10
              detent bench -c 50 -P 16 -n 1000000 --json
            """
    )

    @OptionGroup var socket: SocketOption

    @Option(name: .customShort("c"), help: "Connections.")
    var connections = 1

    @Option(name: .customShort("P"), help: "Requests in flight per connection.")
    var pipeline = 1

    @Option(name: .customShort("n"), help: "Requests in all (default: 100000 unless -d is given).")
    var requests: Int?

    @Option(name: .customShort("d"), help: "Seconds to run, instead of -n.")
    var duration: Double?

    @Option(name: .long, help: "The plugin of the sessions (default cards).")
    var plugin: String?

    @Option(name: .long, help: "Items in each session's layout.")
    var items = 50

    @Option(name: .long, help: "Load-generating threads (connections are shared out among them).")
    var threads = 1

    @Flag(name: .long, help: "Send `ping` (a bare round trip) instead of `end` decisions.")
    var ping = false

    @Flag(name: .long, help: "Print one JSON object instead of text.")
    var json = false

    @Option(name: .long, help: "Open this many idle connections and hold them.")
    var hold: Int?

    @Option(name: .long, help: "How long --hold holds, in seconds.")
    var holdSeconds = 5.0

    func validate() throws {
        guard connections >= 1, pipeline >= 1, threads >= 1, items >= 1 else {
            throw ValidationError("-c, -P, --threads and --items must be at least 1")
        }
        if let requests, requests < 1 { throw ValidationError("-n must be at least 1") }
        if let duration, !(duration > 0) { throw ValidationError("-d must be more than 0") }
    }

    func run() throws {
        if let hold {
            try holdConnections(hold)
            return
        }
        let plugin = self.plugin ?? "cards"
        let path = try socket.connect().path
        let load = LoadGenerator(
            path: path, connections: connections, pipeline: pipeline, threads: min(threads, connections),
            total: duration == nil ? (requests ?? 100_000) : nil, seconds: duration,
            setup: ping ? nil : "open s=b plugin=\(plugin) viewport=375 item=343 count=\(items) spacing=8 lead=16 trail=16",
            requests: ping ? ["ping"] : Self.endMix(items: items),
            progress: !json && isatty(2) == 1)
        let result = try load.run()
        if json {
            print(result.json(connections: connections, pipeline: pipeline, plugin: ping ? nil : plugin))
        } else {
            print(result.text(connections: connections, pipeline: pipeline, what: ping ? "ping round trips" : "end decisions (plugin \(plugin), \(items) items)"))
        }
        if result.errors > 0 { throw ExitCode(1) }
    }

    /// `end` requests at offsets across the content and velocities both
    /// ways, fixed by a seeded generator so runs compare.
    static func endMix(items: Int) -> [String] {
        var state: UInt64 = 0x5EED
        func next() -> Double {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return Double(state >> 11) / Double(1 << 53)
        }
        let maxOffset = max(0, 16 + Double(items) * 351 - 8 + 16 - 375)
        return (0..<4096).map { _ in
            let x = (next() * maxOffset * 10).rounded() / 10
            let v = ((next() * 6 - 3) * 100).rounded() / 100
            return "end s=b x=\(NumberFormat.string(x)) v=\(NumberFormat.string(v))"
        }
    }

    func holdConnections(_ count: Int) throws {
        var held: [LineSocket] = [try socket.connect()]
        held.reserveCapacity(count)
        for i in 1..<max(count, 1) {
            do {
                held.append(try LineSocket(path: held[0].path))
            } catch {
                throw CommandFailure("connection \(i + 1) of \(count): \(error.description) (raise `ulimit -n`?)")
            }
        }
        // One round trip each: every connection is accepted, not queued.
        for connection in held { try connection.write("ping\n") }
        for (i, connection) in held.enumerated() {
            guard (try? connection.readLine()) == "pong" else {
                throw CommandFailure("connection \(i + 1) of \(count) got no pong (limits.maxConnections?)")
            }
        }
        print("holding \(count) idle connections for \(NumberFormat.string(holdSeconds)) s")
        fflush(nil)  // every stream: the script reading us waits for the line
        usleep(UInt32(min(holdSeconds, 3600) * 1_000_000))
    }
}
