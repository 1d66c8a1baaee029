import Testing
@testable import DetentCore

/// The framing of detent-protocol(7), "Lines", without a socket: what comes
/// out is the same wherever the stream is split.
@Suite struct LineFramerTests {
    /// What a consumer sees: lines as text, over-long lines as `TOO LONG:`
    /// and their reported prefix.
    struct Consumer {
        var framer = LineFramer()
        var seen: [String] = []
        /// Stop after this many frames (nil: take them all).
        var stopAfter: Int?

        mutating func take(_ frame: LineFramer.Frame) -> Bool {
            switch frame {
            case .line(let bytes): seen.append(String(decoding: bytes, as: UTF8.self))
            case .tooLong(let prefix): seen.append("TOO LONG:" + String(decoding: prefix, as: UTF8.self))
            }
            if let stop = stopAfter, seen.count >= stop { return false }
            return true
        }

        mutating func feed(_ bytes: [UInt8], limit: Int) {
            var framer = self.framer
            bytes.withUnsafeBufferPointer { buffer in framer.feed(buffer, limit: limit) { take($0) } }
            self.framer = framer
        }

        mutating func resume(limit: Int) {
            var framer = self.framer
            framer.resume(limit: limit) { take($0) }
            self.framer = framer
        }

        mutating func end(limit: Int) {
            framer.endOfInput()
            resume(limit: limit)
        }
    }

    /// Frames `stream` cut into the given pieces, then EOF.
    static func frames(_ stream: String, cuts: [Int], limit: Int) -> [String] {
        let bytes = Array(stream.utf8)
        var consumer = Consumer()
        var start = 0
        for cut in cuts.sorted() + [bytes.count] where cut >= start {
            consumer.feed(Array(bytes[start..<cut]), limit: limit)
            start = cut
        }
        consumer.end(limit: limit)
        #expect(consumer.framer.state == .finished)
        #expect(consumer.framer.pendingCount == 0)
        return consumer.seen
    }

    static let stream = "open s=a viewport=375\r\n\n# note\nend s=a x=90 v=1.4\n" + String(repeating: "z", count: 30)
        + "\nping id=1\nping id=last"

    @Test func everySplitPointGivesTheSameFrames() {
        let whole = Self.frames(Self.stream, cuts: [], limit: 24)
        #expect(whole == [
            "open s=a viewport=375\r", "", "# note", "end s=a x=90 v=1.4",
            "TOO LONG:" + String(repeating: "z", count: 25), "ping id=1", "ping id=last",
        ])
        let count = Self.stream.utf8.count
        for cut in 0...count {
            #expect(Self.frames(Self.stream, cuts: [cut], limit: 24) == whole, "split at \(cut)")
        }
        for a in stride(from: 0, through: count, by: 3) {
            for b in stride(from: a, through: count, by: 5) {
                #expect(Self.frames(Self.stream, cuts: [a, b], limit: 24) == whole, "split at \(a), \(b)")
            }
        }
        // Byte by byte.
        #expect(Self.frames(Self.stream, cuts: Array(0...count), limit: 24) == whole)
    }

    @Test func aCarriageReturnStaysInTheLineAndCountsTowardTheLimit() {
        #expect(Self.frames("ping\r\nping\r\n", cuts: [5], limit: 5) == ["ping\r", "ping\r"])
        #expect(Self.frames("abcd\r\nok\n", cuts: [], limit: 4) == ["TOO LONG:abcd\r", "ok"])
    }

    @Test func aLineExactlyAtTheLimitPassesAndOneByteMoreIsTooLong() {
        let exact = String(repeating: "a", count: 16)
        #expect(Self.frames(exact + "\nok\n", cuts: [], limit: 16) == [exact, "ok"])
        #expect(Self.frames(exact + "b\nok\n", cuts: [], limit: 16) == ["TOO LONG:" + exact + "b", "ok"])
        // Reported as soon as the limit is passed, before its newline comes.
        var consumer = Consumer()
        consumer.feed(Array((exact + "b").utf8), limit: 16)
        #expect(consumer.seen == ["TOO LONG:" + exact + "b"])
        #expect(consumer.framer.state == .discarding && consumer.framer.pendingCount == 0)
        consumer.feed(Array("more of it\nping\n".utf8), limit: 16)
        #expect(consumer.seen == ["TOO LONG:" + exact + "b", "ping"])
        // A line at the limit without its newline yet is kept, not reported.
        var waiting = Consumer()
        waiting.feed(Array(exact.utf8), limit: 16)
        #expect(waiting.seen.isEmpty && waiting.framer.pendingCount == 16)
    }

    @Test func theReportedPrefixIsAtMostSixtyFourBytes() {
        let long = "{" + String(repeating: "x", count: 500)
        let seen = Self.frames(long + "\n", cuts: [100], limit: 64)
        #expect(seen == ["TOO LONG:" + String(long.prefix(64))])
    }

    @Test func atEOFALastLineWithoutNewlineIsDeliveredLikeAny() {
        #expect(Self.frames("ping\nping id=2", cuts: [], limit: 64) == ["ping", "ping id=2"])
        #expect(Self.frames("ping\n", cuts: [], limit: 64) == ["ping"])
        #expect(Self.frames("", cuts: [], limit: 64) == [])
        // Over the limit at EOF: reported, not delivered.
        #expect(Self.frames(String(repeating: "y", count: 9), cuts: [], limit: 8) == ["TOO LONG:" + String(repeating: "y", count: 9)])
        // EOF inside a discarded line: nothing more.
        #expect(Self.frames(String(repeating: "y", count: 9), cuts: [4], limit: 8) == ["TOO LONG:" + String(repeating: "y", count: 9)])
    }

    @Test func aReloadThatLowersTheLimitCutsTheKeptLine() {
        var consumer = Consumer()
        consumer.feed(Array("ping\nend s=a x=".utf8), limit: 4096)
        #expect(consumer.seen == ["ping"] && consumer.framer.pendingCount == 10)
        // The limit is now 8: the kept 10 bytes are already too long.
        consumer.feed(Array("90\nping\n".utf8), limit: 8)
        #expect(consumer.seen == ["ping", "TOO LONG:end s=a x", "ping"])
    }

    @Test func aStoppedConsumerGetsTheRestOnResumeInOrder() {
        var consumer = Consumer()
        consumer.stopAfter = 1
        consumer.feed(Array("a\nb\nc\npart".utf8), limit: 64)
        #expect(consumer.seen == ["a"])
        #expect(consumer.framer.pendingCount == 8)
        consumer.stopAfter = 2
        consumer.resume(limit: 64)
        #expect(consumer.seen == ["a", "b"])
        consumer.stopAfter = nil
        consumer.framer.endOfInput()
        consumer.resume(limit: 64)
        #expect(consumer.seen == ["a", "b", "c", "part"])
        #expect(consumer.framer.state == .finished)
        // Nothing after the end.
        consumer.feed(Array("late\n".utf8), limit: 64)
        #expect(consumer.seen.count == 4)
    }

    @Test func closeDropsWhatIsKept() {
        var consumer = Consumer()
        consumer.stopAfter = 1
        consumer.feed(Array("quit\nping\n".utf8), limit: 64)
        consumer.framer.close()
        consumer.stopAfter = nil
        consumer.resume(limit: 64)
        #expect(consumer.seen == ["quit"] && consumer.framer.pendingCount == 0 && consumer.framer.state == .finished)
    }
}
