#if canImport(Glibc)
import Glibc
#endif
import DetentClient
import Dispatch
import FoundationEssentials
import Histogram
import Synchronization

/// A closed-loop load generator: each connection keeps `pipeline` requests
/// in flight, each thread polls its share of the connections. Latency is
/// from queueing a request to reading its reply.
final class LoadGenerator: Sendable {
    let path: String
    let connections: Int
    let pipeline: Int
    let threads: Int
    /// -n: requests in all; nil with -d.
    let total: Int?
    /// -d: seconds; nil with -n.
    let seconds: Double?
    /// Sent once per connection before the load (opens the session).
    let setup: String?
    let requests: [String]
    let progress: Bool

    private let issued = Atomic<Int>(0)
    private let completed = Atomic<Int>(0)
    private let stopIssuing = Atomic<Bool>(false)

    init(path: String, connections: Int, pipeline: Int, threads: Int, total: Int?, seconds: Double?,
         setup: String?, requests: [String], progress: Bool) {
        self.path = path
        self.connections = connections
        self.pipeline = pipeline
        self.threads = threads
        self.total = total
        self.seconds = seconds
        self.setup = setup
        self.requests = requests
        self.progress = progress
    }

    static func nanoseconds() -> UInt64 {
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC, &now)
        return UInt64(now.tv_sec) * 1_000_000_000 + UInt64(now.tv_nsec)
    }

    func run() throws -> BenchResult {
        // Connect and open every session first: the load starts warm.
        var sockets: [LineSocket] = []
        for i in 0..<connections {
            let socket: LineSocket
            do {
                socket = try LineSocket(path: path)
                if let setup {
                    try socket.write(setup + "\n")
                    let reply = try socket.readLine()
                    guard let reply, !reply.hasPrefix("error") else {
                        throw CommandFailure("connection \(i + 1): the session did not open: \(reply ?? "the daemon closed the connection")")
                    }
                }
            } catch let error as DetentClientError {
                throw CommandFailure(error.description)
            }
            _ = fcntl(socket.fd, F_SETFL, fcntl(socket.fd, F_GETFL) | O_NONBLOCK)
            sockets.append(socket)
        }
        let groups = (0..<threads).map { t in stride(from: t, to: sockets.count, by: threads).map { sockets[$0] } }
        let workers = groups.enumerated().map { Worker(generator: self, sockets: $0.element, offset: $0.offset * 997) }
        let done = DispatchGroup()
        let started = Self.nanoseconds()
        for worker in workers {
            done.enter()
            try DetachedThread.start {
                worker.run()
                done.leave()
            }
        }
        let deadline = seconds.map { started + UInt64($0 * 1e9) }
        while done.wait(timeout: .now() + 0.25) == .timedOut {
            let now = Self.nanoseconds()
            if let deadline, now >= deadline { stopIssuing.store(true, ordering: .relaxed) }
            if progress {
                let count = completed.load(ordering: .relaxed)
                let rate = Double(count) / (Double(now - started) / 1e9)
                let line = "\r  \(count) requests, \(Int(rate)) req/s   "
                _ = line.withCString { write(2, $0, strlen($0)) }
            }
        }
        let elapsed = Double(Self.nanoseconds() - started) / 1e9
        if progress { _ = "\r\u{1B}[K".withCString { write(2, $0, strlen($0)) } }
        var histogram = Histogram<UInt64>(lowestDiscernibleValue: 1, highestTrackableValue: 600_000_000_000, numberOfSignificantValueDigits: .three)
        var errors = 0
        var firstError: String?
        for worker in workers {
            histogram.add(worker.histogram)
            errors += worker.errors
            firstError = firstError ?? worker.firstError
            if let failure = worker.failure { throw CommandFailure(failure) }
        }
        withExtendedLifetime(sockets) {}
        return BenchResult(requests: Int(histogram.totalCount), seconds: elapsed, errors: errors, firstError: firstError, histogram: histogram)
    }

    /// Takes one request from the budget, or nil when it is spent.
    func take() -> Bool {
        if stopIssuing.load(ordering: .relaxed) { return false }
        guard let total else { return true }
        return issued.wrappingAdd(1, ordering: .relaxed).newValue <= total
    }

    func count() { completed.wrappingAdd(1, ordering: .relaxed) }

    /// One thread's connections.
    final class Worker: @unchecked Sendable {
        let generator: LoadGenerator
        let sockets: [LineSocket]
        var histogram = Histogram<UInt64>(lowestDiscernibleValue: 1, highestTrackableValue: 600_000_000_000, numberOfSignificantValueDigits: .three)
        var errors = 0
        var firstError: String?
        var failure: String?
        private var next: Int
        private var lines: [[UInt8]]

        static let textError = Array("error ".utf8)
        static let jsonError = Array(#"{"op":"error""#.utf8)

        init(generator: LoadGenerator, sockets: [LineSocket], offset: Int) {
            self.generator = generator
            self.sockets = sockets
            next = offset
            lines = generator.requests.map { Array(($0 + "\n").utf8) }
        }

        struct Flow {
            var out: [UInt8] = []
            var outStart = 0
            var input: [UInt8] = []
            var sent: [UInt64]
            var sentHead = 0
            var inFlight = 0
            init(pipeline: Int) { sent = [UInt64](repeating: 0, count: pipeline) }
        }

        func run() {
            let pipeline = generator.pipeline
            var flows = sockets.map { _ in Flow(pipeline: pipeline) }
            var polls = sockets.map { pollfd(fd: $0.fd, events: Int16(POLLIN), revents: 0) }
            var chunk = [UInt8](repeating: 0, count: 65536)
            for i in flows.indices { topUp(&flows[i]); flush(&flows[i], sockets[i].fd) }
            while flows.contains(where: { $0.inFlight > 0 }) {
                for i in polls.indices {
                    polls[i].events = Int16(POLLIN) | (flows[i].outStart < flows[i].out.count ? Int16(POLLOUT) : 0)
                    polls[i].revents = 0
                }
                let ready = poll(&polls, nfds_t(polls.count), 1000)
                if ready < 0 {
                    if errno == EINTR { continue }
                    failure = "poll: \(String(cString: strerror(errno)))"
                    return
                }
                for i in polls.indices where polls[i].revents != 0 {
                    let fd = sockets[i].fd
                    if polls[i].revents & Int16(POLLIN | POLLHUP | POLLERR) != 0 {
                        while true {
                            let n = chunk.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
                            if n > 0 {
                                flows[i].input.append(contentsOf: chunk[0..<n])
                                continue
                            }
                            if n == 0 || (errno != EAGAIN && errno != EINTR) {
                                if flows[i].inFlight > 0 {
                                    failure = "the daemon closed connection \(i + 1) with \(flows[i].inFlight) requests unanswered"
                                    return
                                }
                            }
                            break
                        }
                        replies(&flows[i])
                        topUp(&flows[i])
                    }
                    flush(&flows[i], fd)
                }
            }
        }

        /// Matches each complete reply line to its request.
        func replies(_ flow: inout Flow) {
            let now = LoadGenerator.nanoseconds()
            var start = 0
            let input = flow.input
            while let newline = input[start...].firstIndex(of: 0x0A) {
                let sent = flow.sent[flow.sentHead]
                flow.sentHead = (flow.sentHead + 1) % flow.sent.count
                flow.inFlight -= 1
                _ = histogram.record(max(1, now &- sent))
                if input[start...].starts(with: Self.textError) || input[start...].starts(with: Self.jsonError) {
                    errors += 1
                    if firstError == nil { firstError = String(decoding: input[start..<newline], as: UTF8.self) }
                }
                generator.count()
                start = newline + 1
            }
            if start > 0 { flow.input.removeFirst(start) }
        }

        /// Queues requests until `pipeline` are in flight (budget allowing).
        func topUp(_ flow: inout Flow) {
            let pipeline = generator.pipeline
            let now = LoadGenerator.nanoseconds()
            while flow.inFlight < pipeline, generator.take() {
                flow.out.append(contentsOf: lines[next % lines.count])
                next += 1
                flow.sent[(flow.sentHead + flow.inFlight) % pipeline] = now
                flow.inFlight += 1
            }
        }

        func flush(_ flow: inout Flow, _ fd: Int32) {
            while flow.outStart < flow.out.count {
                let n = flow.out.withUnsafeBytes { send(fd, $0.baseAddress! + flow.outStart, $0.count - flow.outStart, Int32(MSG_NOSIGNAL)) }
                if n > 0 { flow.outStart += n; continue }
                if n < 0 && errno == EINTR { continue }
                break
            }
            if flow.outStart == flow.out.count {
                flow.out.removeAll(keepingCapacity: true)
                flow.outStart = 0
            }
        }
    }
}
