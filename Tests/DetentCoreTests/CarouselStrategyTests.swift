import Testing
@testable import DetentCore

/// docs/strategies.md, `carousel`, worked numbers (seed 004).
@Suite struct CarouselStrategyTests {
    static let loop = "viewport=375 item=300 spacing=10 count=4 loop=1"

    func looped(index: Int = 0) -> Harness {
        var h = Harness()
        _ = h.send("open s=c plugin=carousel \(Self.loop) index=\(index)")
        return h
    }

    @Test func loopOpensOnTheRealItemWithDuplicates() {
        var h = Harness()
        #expect(h.send("open s=c plugin=carousel \(Self.loop)") == "opened s=c plugin=carousel index=0 x=582.5 snaps=8 dup=2")
        let snaps = h.connection.sessions["c"]!.layout.snaps
        #expect(snaps.offsets == [-37.5, 272.5, 582.5, 892.5, 1202.5, 1512.5, 1822.5, 2132.5])
        #expect(snaps.indexes == [2, 3, 0, 1, 2, 3, 0, 1])
    }

    @Test func workedNumbers() {
        var h = looped()
        #expect(h.decide("end s=c x=600 v=0.8") == "snap s=c index=1 x=892.5 mode=decelerate cause=release")
        var g = looped(index: 3)
        #expect(g.decide("end s=c x=1520 v=1") == "snap s=c index=0 x=1822.5 mode=decelerate cause=release jump=582.5")
        // k0 is the real item now: the next step goes on from physical 2.
        #expect(g.decide("end s=c x=582.5 v=1") == "snap s=c index=1 x=892.5 mode=decelerate cause=release")
    }

    @Test func backwardsOntoTheLeadingDuplicate() {
        var h = looped()
        #expect(h.decide("end s=c x=570 v=-0.4") == "snap s=c index=3 x=272.5 mode=decelerate cause=release jump=1512.5")
    }

    @Test func zeroVelocityTakesTheNearestTieHigherAndNeverTheOuterDuplicates() {
        var h = looped()
        // Half way between physical 2 (582.5) and 3 (892.5): the higher.
        #expect(h.decide("end s=c x=737.5 v=0") == "snap s=c index=1 x=892.5 mode=decelerate cause=release")
        // Loops are not clamped, but decisions stay within physical 1...count+2.
        #expect(h.decide("end s=c x=5000 v=0") == "snap s=c index=0 x=1822.5 mode=decelerate cause=release jump=582.5")
        #expect(h.decide("end s=c x=-5000 v=0") == "snap s=c index=3 x=272.5 mode=decelerate cause=release jump=1512.5")
    }

    @Test func noRubberBandInALoop() {
        var h = looped()
        #expect(h.send("move s=c x=-900") == "moved s=c x=-900")
        #expect(h.send("move s=c x=9000") == "moved s=c x=9000")
    }

    @Test func regrabOntoADuplicateReportsTheJump() {
        var h = looped(index: 3)  // physical 5 at 1512.5
        #expect(h.send("begin s=c x=1800") == "began s=c index=0 x=1822.5 jump=582.5")
        #expect(h.decide("cancel s=c") == "snap s=c index=0 x=582.5 mode=animate cause=cancel")
    }

    /// After a re-grab onto a duplicate the client moves in the real
    /// item's offsets (its grab shifted by the jump): the press counts as a
    /// sample there too, so a finger held still is not read as a fling of
    /// the jump's length (it was: -77.5 pt/ms, flung back).
    @Test func aRegrabsVelocityIsMeasuredInTheRealItemsOffsets() {
        var h = looped(index: 3)
        #expect(h.send("begin s=c x=1800 t=2000") == "began s=c index=0 x=1822.5 jump=582.5")
        _ = h.send("move s=c x=560 t=2016")  // held at 1800, shifted by 582.5 - 1822.5
        let reply = h.decide("end s=c x=560 t=2032")
        #expect(reply?.hasPrefix("snap s=c index=0 x=582.5 ") == true, "\(reply ?? "")")
    }

    @Test func gotoAndAutoplayStepsWrapWithAJump() {
        var h = looped()
        #expect(h.decide("goto s=c index=3") == "snap s=c index=3 x=1512.5 mode=animate cause=goto")
        // The bundled carousel plugin autoplays (autoplayMs 2000) from open.
        #expect(h.autoplayStep("c")
            == "snap s=c index=0 x=1822.5 mode=animate cause=autoplay jump=582.5")
        #expect(h.autoplayStep("c")
            == "snap s=c index=1 x=892.5 mode=animate cause=autoplay")
    }

    @Test func autoplayMsStartsAutoplayAtOpen() {
        var h = Harness()
        let result = Dispatcher.handle("open s=c plugin=carousel \(Self.loop)", connection: &h.connection, server: h.server)
        #expect(result.autoplayChanged == "c")
        #expect(h.connection.sessions["c"]?.autoplay == AutoplaySettings(every: 2000, encoding: .text))
    }

    @Test func layoutKeepsTheLogicalIndex() {
        var h = looped(index: 3)
        #expect(h.send("layout s=c viewport=375 item=300 spacing=10 count=6 loop=1") == "opened s=c plugin=carousel index=3 x=1512.5 snaps=10 dup=2")
        #expect(h.send("layout s=c viewport=375 item=300 spacing=10 count=2 loop=1") == "opened s=c plugin=carousel index=1 x=892.5 snaps=6 dup=2")
    }

    @Test func withoutLoopItIsCentredAndClamped() {
        var h = Harness()
        #expect(h.send("open s=c plugin=carousel viewport=375 item=300 spacing=10 count=4") == "opened s=c plugin=carousel index=0 x=0 snaps=4")
        #expect(h.connection.sessions["c"]?.layout.snaps.offsets == [0, 272.5, 582.5, 855])
        #expect(h.decide("end s=c x=0 v=0.1") == "snap s=c index=1 x=272.5 mode=decelerate cause=release")
        // Autoplay rewinds to item 0 after the last.
        _ = h.send("goto s=c index=3")
        _ = h.send("autoplay s=c every=10")
        #expect(h.autoplayStep("c") == "snap s=c index=0 x=0 mode=animate cause=autoplay")
    }

    @Test func unsupportedLayouts() {
        var h = Harness()
        for geometry in ["viewport=375 sizes=300,200", "viewport=375 points=0,100", "\(Self.loop) align=start",
                         "\(Self.loop) contain=pad"] {
            #expect(h.send("open s=c plugin=carousel \(geometry)")?.hasPrefix("error code=unsupported-layout") == true, "\(geometry)")
        }
        #expect(h.send("open s=c plugin=carousel \(Self.loop) index=4")?.hasPrefix("error code=bad-value") == true)
    }
}
