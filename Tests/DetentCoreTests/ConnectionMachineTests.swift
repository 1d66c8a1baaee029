import Testing
@testable import DetentCore

/// A connection's every transition without a socket or a sleep
/// (detent-protocol(7), "Lines"; plugins.json(5), `limits`); autoplay's
/// timing is `AutoplayClockTests`.
@Suite struct ConnectionMachineTests {
    static let tight = #"{"limits":{"maxOutputBytes":64},"plugins":[{"name":"p","strategy":"flick"}]}"#

    @Test func linesAreAnsweredInOrderAndWrittenAtOnce() throws {
        let io = try EmbeddedIO()
        io.receive("ping id=1\nping id=2\npi")
        #expect(io.lines == ["pong id=1", "pong id=2"])
        io.receive("ng id=3\n")
        #expect(io.lines == ["pong id=1", "pong id=2", "pong id=3"])
        #expect(io.machine.phase == .serving && io.reading && !io.writingWatched)
    }

    @Test func aPeerThatTakesNothingMakesItWatchForRoomThenWriteTheRest() throws {
        let io = try EmbeddedIO()
        io.room = 5
        io.receive("ping id=1\n")
        #expect(io.writingWatched)
        #expect(io.machine.unsent == "pong id=1\n".utf8.count - 5)
        io.room = .max
        io.machine.writable()
        #expect(io.lines == ["pong id=1"])
        #expect(!io.writingWatched && io.machine.unsent == 0)
    }

    @Test func overMaxOutputBytesReadingPausesAndResumesBelowHalfAnsweringWhatWasRead() throws {
        let io = try EmbeddedIO(Self.tight)
        io.room = 0
        let pings = (1...20).map { "ping id=\($0)\n" }.joined()
        io.receive(pings)
        #expect(io.machine.phase == .paused)
        #expect(!io.reading && io.writingWatched)
        #expect(io.limits == ["maxOutputBytes"])
        #expect(io.machine.unsent > 64)
        let answered = io.machine.unsent / "pong id=10\n".utf8.count
        #expect(answered < 20, "it stopped answering when the output passed the limit")
        // Room for everything: it resumes, answers the lines it had read.
        io.room = .max
        io.machine.writable()
        #expect(io.machine.phase == .serving && io.reading)
        #expect(io.lines == (1...20).map { "pong id=\($0)" })
    }

    @Test func stillOverHalfTheLimitItStaysPaused() throws {
        let io = try EmbeddedIO(Self.tight)
        io.room = 0
        io.receive((1...20).map { "ping id=\($0)\n" }.joined())
        let before = io.machine.unsent
        io.room = 8  // takes a little: unsent stays over 32
        io.machine.writable()
        #expect(io.machine.phase == .paused && !io.reading)
        #expect(io.machine.unsent == before - 8, "no line was answered in between")
        #expect(io.limits == ["maxOutputBytes"], "it never resumed to pause again")
    }

    @Test func quitWithOutputPendingClosesOnlyOnceFlushedAndReadsNothingAfter() throws {
        let io = try EmbeddedIO()
        io.room = 0
        io.receive("ping id=1\nquit\nping id=2\n")
        #expect(io.machine.phase == .closing)
        #expect(!io.reading && io.closedDiscarding == nil)
        io.room = .max
        io.machine.writable()
        #expect(io.lines == ["pong id=1", "bye"])
        #expect(io.machine.phase == .closed && io.closedDiscarding == true)
    }

    @Test func endOfInputAnswersAPartialLastLineThenCloses() throws {
        let io = try EmbeddedIO()
        io.receive("ping id=1\nping id=2")
        io.machine.endOfInput()
        #expect(io.lines == ["pong id=1", "pong id=2"])
        #expect(io.machine.phase == .closed && io.closedDiscarding == true)
    }

    @Test func endOfInputWhilePausedAnswersEverythingOnceThereIsRoom() throws {
        let io = try EmbeddedIO(Self.tight)
        io.room = 0
        io.receive((1...20).map { "ping id=\($0)\n" }.joined())
        io.machine.endOfInput()
        #expect(io.machine.phase == .paused && io.closedDiscarding == nil)
        io.room = .max
        io.machine.writable()
        #expect(io.lines == (1...20).map { "pong id=\($0)" })
        #expect(io.machine.phase == .closed)
    }

    @Test func shutdownWithAStalledReaderAnswersCompleteLinesDropsThePartialAndWaits() throws {
        let io = try EmbeddedIO(Self.tight)
        io.room = 0
        io.receive((1...20).map { "ping id=\($0)\n" }.joined() + "ping id=partial")
        #expect(io.machine.phase == .paused)
        io.machine.shutDown()
        #expect(io.machine.phase == .closing && !io.reading)
        // The server's grace runs out with the reader still stalled.
        io.machine.destroy()
        #expect(io.machine.phase == .closed && io.closedDiscarding == true)
        #expect(io.delivered.isEmpty)
        // Had it read: every complete line answered, the partial one not.
        let reader = try EmbeddedIO(Self.tight)
        reader.room = 0
        reader.receive((1...20).map { "ping id=\($0)\n" }.joined() + "ping id=partial")
        reader.machine.shutDown()
        reader.room = .max
        reader.machine.writable()
        #expect(reader.lines == (1...20).map { "pong id=\($0)" })
        #expect(reader.machine.phase == .closed)
    }

    @Test func aPeerGoneWhileWritingClosesAtOnce() throws {
        let io = try EmbeddedIO()
        io.gone = true
        io.receive("ping\n")
        #expect(io.machine.phase == .closed && io.closedDiscarding == false)
        io.receive("ping\n")  // nothing happens after the close
        #expect(io.delivered.isEmpty)
    }

    @Test func anOverLongLineIsOneErrorAndTheNextLineIsAnswered() throws {
        let io = try EmbeddedIO(#"{"limits":{"maxLineBytes":16},"plugins":[{"name":"p","strategy":"flick"}]}"#)
        io.receive(String(repeating: "x", count: 40) + "\nping\n")
        #expect(io.lines.count == 2)
        #expect(io.lines.first?.hasPrefix("error code=line-too-long") == true)
        #expect(io.lines.last == "pong")
        #expect(io.limits == ["maxLineBytes"])
    }
}
