import DetentTestSupport
import Testing
@testable import DetentCore

/// Autoplay's timing with a clock the test moves (detent-protocol(7),
/// "Autoplay"): each step at its deadline and not a millisecond before,
/// none while a finger is down, after `every=0`, `close` or `quit`, or while
/// the client is behind; the period restarted by every decision.
@Suite struct AutoplayClockTests {
    static let cards = "plugin=cards viewport=375 item=343 count=5 spacing=8 lead=16 trail=16"

    /// A connection with session `c` open and autoplay on at `every` ms.
    static func playing(every: String, limits: String = "") throws -> EmbeddedIO {
        let io = try EmbeddedIO(#"{\#(limits)"plugins":[{"name":"cards","strategy":"flick","options":{"flickVelocity":1}}]}"#)
        io.receive("open s=c \(Self.cards)\nautoplay s=c every=\(every)\n")
        #expect(io.lines == ["opened s=c plugin=cards index=0 x=0 snaps=5", "ok s=c every=\(every)"])
        return io
    }

    /// The lines delivered since `count`, snaps without their motion.
    static func since(_ count: Int, _ io: EmbeddedIO) -> [String] {
        io.lines.dropFirst(count).map(DecisionText.withoutMotion)
    }

    static func push(_ index: Int, _ x: Int) -> String { "snap s=c index=\(index) x=\(x) mode=animate cause=autoplay" }

    @Test func eachStepComesAtItsDeadlineAndNotBefore() throws {
        let io = try Self.playing(every: "30")
        #expect(io.timer == 30)
        io.advanceTime(by: 29.999)
        #expect(Self.since(2, io) == [])
        io.advanceTime(by: 0.001)
        #expect(Self.since(2, io) == [Self.push(1, 351)])
        #expect(io.timer == 60)
        io.advanceTime(by: 89)
        #expect(Self.since(2, io) == [Self.push(1, 351), Self.push(2, 702), Self.push(3, 1053)])
        io.advanceTime(by: 60)
        #expect(Self.since(5, io) == [Self.push(4, 1404), Self.push(0, 0)], "after the last, the first")
    }

    @Test func aFractionalPeriodIsRoundedUpToWholeMilliseconds() throws {
        let io = try Self.playing(every: "20.2")
        io.advanceTime(by: 20.9)
        #expect(Self.since(2, io) == [])
        io.advanceTime(by: 0.1)
        #expect(Self.since(2, io) == [Self.push(1, 351)])
        let short = try Self.playing(every: "1")
        short.advanceTime(by: 3)
        #expect(Self.since(2, short).count == 3)
    }

    /// Moves the clock to a ms before `after` from now and sees no line
    /// come, then to `after` and sees `push`.
    static func expectStep(_ io: EmbeddedIO, after ms: Double, _ push: String,
                           sourceLocation: SourceLocation = #_sourceLocation) {
        let before = io.lines.count
        io.advanceTime(by: ms - 1)
        #expect(io.lines.count == before, "a step before its deadline", sourceLocation: sourceLocation)
        io.advanceTime(by: 1)
        #expect(Self.since(before, io) == [push], sourceLocation: sourceLocation)
    }

    @Test func everyDecisionAndLayoutRestartsThePeriodAndOtherLinesDoNot() throws {
        let io = try Self.playing(every: "30")
        io.advanceTime(by: 20)
        let calls = io.timerCalls
        io.receive("ping\nplugins\n")
        #expect(io.timerCalls == calls, "a line that is no decision leaves the timer alone")
        Self.expectStep(io, after: 10, Self.push(1, 351))
        // Each a third into a period: the next step is a whole period after it.
        for (line, push) in [
            ("goto s=c index=3", Self.push(4, 1404)),
            ("end s=c x=1404 v=0", Self.push(0, 0)),
            ("begin s=c x=0\ncancel s=c", Self.push(1, 351)),
            ("layout s=c viewport=375 item=343 count=5 spacing=8 lead=16 trail=16", Self.push(2, 702)),
        ] {
            io.advanceTime(by: 10)
            io.receive(line + "\n")
            Self.expectStep(io, after: 30, push)
        }
        #expect(io.lines.map { $0.split(separator: " ")[0] } == [
            "opened", "ok", "pong", "plugins", "snap", "snap", "snap", "snap", "snap", "began", "snap", "snap", "opened", "snap",
        ])
    }

    @Test func noStepWhileAFingerIsDownThenStepsResumeFromTheRelease() throws {
        let io = try Self.playing(every: "30")
        io.advanceTime(by: 60)
        #expect(Self.since(2, io) == [Self.push(1, 351), Self.push(2, 702)])
        io.receive("begin s=c x=702\n")
        io.advanceTime(by: 600)
        io.receive("move s=c x=690\n")
        io.advanceTime(by: 600)
        #expect(Self.since(4, io).map { $0.split(separator: " ")[0] } == ["began", "moved"], "no push while the finger is down")
        io.receive("end s=c x=702 v=0\n")
        #expect(io.lines.last.map(DecisionText.withoutMotion) == "snap s=c index=2 x=702 mode=animate cause=release")
        io.advanceTime(by: 30)
        #expect(io.lines.last.map(DecisionText.withoutMotion) == Self.push(3, 1053))
        #expect(io.lines.count == 8)
    }

    @Test func nothingAfterTheReplyToEveryZeroCloseOrQuit() throws {
        for (line, reply) in [("autoplay s=c every=0", "ok s=c every=0"), ("close s=c", "closed s=c")] {
            let io = try Self.playing(every: "30")
            io.advanceTime(by: 30)
            io.receive(line + "\n")
            #expect(io.timer == nil)
            io.advanceTime(by: 10_000)
            #expect(Self.since(3, io) == [reply])
        }
        let quit = try Self.playing(every: "30")
        quit.room = 0  // `bye` waits for the peer: the connection is still there
        quit.receive("quit\n")
        #expect(quit.machine.phase == .closing && quit.timer == nil)
        quit.advanceTime(by: 10_000)
        quit.room = .max
        quit.machine.writable()
        #expect(Self.since(2, quit) == ["bye"])
        #expect(quit.machine.phase == .closed)
    }

    @Test func autoplayMsStartsAtOpenInTheOpensEncoding() throws {
        let io = try EmbeddedIO(#"{"plugins":[{"name":"c","strategy":"carousel","options":{"autoplayMs":25}}]}"#)
        io.receive(#"{"op":"open","s":"c","viewport":375,"item":300,"spacing":10,"count":4,"loop":1}"# + "\n")
        #expect(io.lines == [#"{"op":"opened","s":"c","plugin":"c","index":0,"x":582.5,"snaps":8,"dup":2}"#])
        #expect(io.timer == 25)
        io.advanceTime(by: 100)
        #expect(Self.since(1, io) == [
            #"{"op":"snap","s":"c","index":1,"x":892.5,"mode":"animate","cause":"autoplay"}"#,
            #"{"op":"snap","s":"c","index":2,"x":1202.5,"mode":"animate","cause":"autoplay"}"#,
            #"{"op":"snap","s":"c","index":3,"x":1512.5,"mode":"animate","cause":"autoplay"}"#,
            #"{"op":"snap","s":"c","index":0,"x":1822.5,"mode":"animate","cause":"autoplay","jump":582.5}"#,
        ])
    }

    @Test func noStepWhileTheClientIsBehindAndTheStepsGoOnOnceItCatchesUp() throws {
        let io = try Self.playing(every: "30", limits: #""limits":{"maxOutputBytes":64},"#)
        io.room = 0
        io.receive((1...10).map { "ping id=\($0)\n" }.joined())
        let unsent = io.machine.unsent
        #expect(unsent > 64)
        io.advanceTime(by: 90)
        #expect(io.machine.unsent == unsent, "no push while the client is behind")
        #expect(io.timer == 120, "the period still runs")
        io.room = .max
        io.machine.writable()
        io.advanceTime(by: 30)
        #expect(io.lines.suffix(2).map(DecisionText.withoutMotion) == ["pong id=10", Self.push(1, 351)], "no step was skipped")
    }

    @Test func oneTimerForEverySessionArmedAtTheEarliestStepsInDeadlineOrder() throws {
        let io = try EmbeddedIO(#"{"plugins":[{"name":"cards","strategy":"flick"}]}"#)
        let together = ["z", "e", "b", "y", "a", "c"]
        io.receive((together + ["slow"]).map { "open s=\($0) \(Self.cards)\n" }.joined())
        io.receive("autoplay s=slow every=50\n" + together.map { "autoplay s=\($0) every=20\n" }.joined())
        #expect(io.timer == 20)
        io.advanceTime(by: 60)
        let pushes = io.lines.dropFirst(14).map { $0.split(separator: " ").prefix(2).joined(separator: " ") }
        let step = together.sorted().map { "snap s=\($0)" }  // due together: by name
        #expect(pushes == step + step + ["snap s=slow"] + step)
        #expect(io.timer == 80)
        io.receive(together.map { "autoplay s=\($0) every=0\n" }.joined())
        #expect(io.timer == 100, "the one left")
        io.receive("close s=slow\n")
        #expect(io.timer == nil)
    }

    @Test func aTimerThatFiresEarlyPushesNothingAndIsArmedAgain() throws {
        let io = try Self.playing(every: "30")
        io.advanceTime(by: 10)
        io.fireEarly()
        #expect(Self.since(2, io) == [])
        #expect(io.timer == 30)
        io.advanceTime(by: 20)
        #expect(Self.since(2, io) == [Self.push(1, 351)])
    }

    @Test func closingTheConnectionDisarmsAndALateTimerDoesNothing() throws {
        let gone = try Self.playing(every: "30")
        gone.gone = true
        gone.advanceTime(by: 30)
        #expect(gone.machine.phase == .closed && gone.closedDiscarding == false)
        #expect(gone.timer == nil)
        let shut = try Self.playing(every: "30")
        shut.machine.shutDown()
        #expect(shut.machine.phase == .closed && shut.timer == nil)
        shut.machine.timerFired(now: 1000)  // one already on its way
        #expect(Self.since(2, shut) == [])
        let destroyed = try Self.playing(every: "30")
        destroyed.machine.destroy()
        #expect(destroyed.timer == nil)
        destroyed.machine.timerFired(now: 1000)
        #expect(Self.since(2, destroyed) == [])
    }
}
