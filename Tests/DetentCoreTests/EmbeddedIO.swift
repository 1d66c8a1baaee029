import Testing
@testable import DetentCore

/// A client's side of a `ConnectionMachine` with no socket, as swift-nio's
/// `EmbeddedChannel`: it takes as many bytes as `room` allows and records
/// everything the machine asks. Its clock moves only when a test says, as
/// `EmbeddedEventLoop.advanceTime(by:)`, firing the timer on the way.
final class EmbeddedIO: ConnectionIO {
    /// Bytes the peer takes before it blocks (`send` then returns 0).
    var room = Int.max
    /// The peer has gone: `send` fails.
    var gone = false
    /// What the peer has received.
    private(set) var delivered: [UInt8] = []
    private(set) var reading = true
    private(set) var writingWatched = false
    /// The clock, in ms.
    private(set) var now: Double = 0
    /// Where the machine's timer is armed, or nil.
    private(set) var timer: Double?
    /// How many times the machine armed or disarmed it.
    private(set) var timerCalls = 0
    private(set) var limits: [String] = []
    /// Nil until `closed`; then whether unread input was to be discarded.
    private(set) var closedDiscarding: Bool?
    private(set) var machine: ConnectionMachine!

    init(_ configJSON: String = #"{"plugins":[{"name":"p","strategy":"flick"}]}"#) throws {
        let config = try ConfigLoader.load(Array(configJSON.utf8), file: "test.json", directory: nil)
        machine = ConnectionMachine(io: self, server: ServerState(config: config))
    }

    /// The replies delivered, line by line (a partial last one included).
    var lines: [String] { String(decoding: delivered, as: UTF8.self).split(separator: "\n").map(String.init) }

    /// Feeds `text` as one read.
    func receive(_ text: String) {
        let bytes = Array(text.utf8)
        bytes.withUnsafeBufferPointer { machine.received($0) }
    }

    /// Moves the clock on by `milliseconds`, firing the timer at each
    /// deadline passed, with the clock at that deadline.
    func advanceTime(by milliseconds: Double) {
        let end = now + milliseconds
        var fired = 0
        while let deadline = timer, deadline <= end {
            fired += 1
            guard fired <= 100_000 else {
                Issue.record("the timer is armed again and again at \(deadline) ms")
                break
            }
            timer = nil
            now = max(now, deadline)
            machine.timerFired(now: now)
        }
        now = end
    }

    /// The timer goes off now, before its deadline (as a coarse clock may).
    func fireEarly() {
        timer = nil
        machine.timerFired(now: now)
    }

    func send(_ bytes: UnsafeRawBufferPointer) -> Int? {
        if gone { return nil }
        let n = min(bytes.count, room)
        room -= n
        delivered += bytes.prefix(n)
        return n
    }

    func watchReading(_ on: Bool) { reading = on }
    func watchWriting(_ on: Bool) { writingWatched = on }
    func armTimer(at deadline: Double?) {
        timer = deadline
        timerCalls += 1
    }
    func limitHit(_ limit: String) { limits.append(limit) }
    func closed(discardUnread: Bool) { closedDiscarding = discardUnread }
}
