import Testing
@testable import DetentCore

/// detent-protocol(7)'s geometry and docs/strategies.md's `contain` rules, on the
/// generic item snaps (any item strategy: here `flick` with `align=start`).
@Suite struct GeometryTests {
    func snaps(_ geometry: String) -> (offsets: [Double], indexes: [Int], pad: Double?, reply: String?) {
        var h = Harness()
        let reply = h.send("open s=g plugin=cards \(geometry)")
        let snaps = h.connection.sessions["g"]?.layout.snaps
        return (snaps?.offsets ?? [], snaps?.indexes ?? [], snaps?.pad, reply)
    }

    @Test func trimClampsTheLastPageIntoTheRange() {
        // docs/strategies.md adjacent geometry: M = 1275.
        let s = snaps("viewport=375 item=275 count=6 align=start")
        #expect(s.offsets == [0, 275, 550, 825, 1100, 1275])
        #expect(s.indexes == [0, 1, 2, 3, 4, 5])
        #expect(s.pad == nil)
        #expect(s.reply == "opened s=g plugin=cards index=0 x=0 snaps=6")
    }

    @Test func padKeepsTheFirstSnapPastTheEndAndReportsTheSpacer() {
        let s = snaps("viewport=375 item=275 count=6 align=start contain=pad")
        #expect(s.offsets == [0, 275, 550, 825, 1100, 1375])
        #expect(s.pad == 100)
        #expect(s.reply == "opened s=g plugin=cards index=0 x=0 snaps=6 pad=100")
    }

    @Test func padOfTheNearestSeed() {
        // docs/strategies.md nearest: pad = 75 (375 - 3*100), last snap 1700.
        let s = snaps("viewport=375 item=100 count=20 align=start contain=pad")
        #expect(s.pad == 75)
        #expect(s.offsets.last == 1700)
        #expect(s.offsets.count == 18)
    }

    @Test func padIsReportedEvenWhenZero() {
        let s = snaps("viewport=300 item=100 count=6 align=start contain=pad")
        #expect(s.offsets == [0, 100, 200, 300])
        #expect(s.reply == "opened s=g plugin=cards index=0 x=0 snaps=4 pad=0")
    }

    @Test func padWhenNoOffsetReachesTheEndKeepsAll() {
        // end alignment never passes M: every aligned offset is kept.
        let s = snaps("viewport=100 item=100 count=3 align=end contain=pad")
        #expect(s.offsets == [0, 100, 200])
        #expect(s.pad == 0)
    }

    @Test func centredSnapsBelowZeroCollapse() {
        // Items of 50 centred in 300: the first aligned offsets are negative.
        let s = snaps("viewport=300 item=50 count=10 align=center")
        // Aligned: -125, -75, -25, 25, ..., 325; M = 200.
        #expect(s.offsets == [0, 25, 75, 125, 175, 200])
        // Each snap reports the item whose unclamped offset is nearest it,
        // the lower on a tie: 0 is between items 2 (-25) and 3 (25).
        #expect(s.indexes == [2, 3, 4, 5, 6, 6])
        // Index 0 rests on snap 0, which reports item 2 (detent-protocol(7): the
        // index of the snap may differ from the index asked for).
        #expect(s.reply == "opened s=g plugin=cards index=2 x=0 snaps=6")
    }

    @Test func insetsAndEndAlignment() {
        // e(i) = 10 + 60 i; end: e + 50 + trail(20) - 200 = 60 i - 120; M = 120.
        let s = snaps("viewport=200 item=50 count=5 spacing=10 lead=10 trail=20 align=end")
        #expect(s.offsets == [0, 60, 120])
        #expect(s.indexes == [2, 3, 4])
    }

    @Test func sizesSnapsAndTheirIndexes() {
        let s = snaps("viewport=150 sizes=100,200,50 align=start")
        #expect(s.offsets == [0, 100, 200])
        // 200 is as near item 1 (100) as item 2 (300): the lower index.
        #expect(s.indexes == [0, 1, 1])
    }

    @Test func contentShorterThanTheViewportHasOneSnap() {
        let s = snaps("viewport=1000 item=100 count=3 align=start")
        #expect(s.offsets == [0])
    }

    @Test func pointsAreTakenAsGiven() {
        let s = snaps("viewport=400 points=-50,0,120.5,900")
        #expect(s.offsets == [-50, 0, 120.5, 900])
        #expect(s.indexes == [0, 1, 2, 3])
        #expect(s.reply == "opened s=g plugin=cards index=0 x=-50 snaps=4")
    }

    @Test func openIndexRestsOnItsSnap() {
        var h = Harness()
        #expect(h.send("open s=g plugin=cards \(Harness.cards) index=3") == "opened s=g plugin=cards index=3 x=1053 snaps=5")
    }

    @Test func nearestItemSearchesLogarithmically() {
        let run = ItemRun(uniform: 10, count: 10000, spacing: 0, lead: 0, trail: 0)
        #expect(run.nearestItem(to: 49_995, align: .start, viewport: 100) == 4999)
        #expect(run.nearestItem(to: 49_996, align: .start, viewport: 100) == 5000)
        #expect(run.nearestItem(to: -5, align: .start, viewport: 100) == 0)
        #expect(run.nearestItem(to: 1e9, align: .start, viewport: 100) == 9999)
        let sizes = ItemRun(sizes: [10, 20, 30], spacing: 5, lead: 3, trail: 0)
        #expect(sizes.start(2) == 3 + 10 + 5 + 20 + 5)
        #expect(sizes.contentLength == 3 + 60 + 10)
    }
}

/// The evenly-spaced shortcut of snap lookups gives the binary search's answers.
@Suite struct SnapLookupTests {
    func reference(_ offsets: [Double], _ x: Double, inclusive: Bool) -> Int {
        offsets.firstIndex { inclusive ? $0 >= x : $0 > x } ?? offsets.count
    }

    @Test func evenlySpacedLookupsMatchALinearScan() {
        var state: UInt64 = 7
        func random() -> Double {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return Double(state >> 11) / Double(1 << 53)
        }
        for trial in 0..<200 {
            let count = 8 + Int(random() * 2000)
            let step = 0.5 + random() * 500
            let start = random() * 100
            // Clamped ends, as trim makes them: 0 first, M last.
            var offsets = (0..<count).map { start + Double($0) * step }
            offsets[0] = 0
            offsets[count - 1] = offsets[count - 2] + step * random()
            if offsets[count - 1] <= offsets[count - 2] { offsets[count - 1] = offsets[count - 2] + 1 }
            let snaps = SnapSet(offsets: offsets, indexes: Array(offsets.indices), pad: nil, lowerEnd: 0, upperEnd: offsets[count - 1])
            #expect(snaps.step != nil, "trial \(trial) must take the shortcut")
            var probes = (0..<50).map { _ in (random() * 1.2 - 0.1) * offsets[count - 1] }
            probes += offsets.prefix(5) + offsets.suffix(5) + [offsets[count / 2], -1e300, 1e300, .infinity, -.infinity]
            for x in probes {
                #expect(snaps.firstAtOrAbove(x) == reference(offsets, x, inclusive: true), "trial \(trial), x \(x)")
                #expect(snaps.firstAbove(x) == reference(offsets, x, inclusive: false), "trial \(trial), x \(x)")
            }
        }
    }

    @Test func unevenSnapsTakeNoShortcut() {
        let snaps = SnapSet(offsets: [0, 1, 3, 6, 10, 15, 21, 28, 36], indexes: Array(0..<9), pad: nil, lowerEnd: 0, upperEnd: 36)
        #expect(snaps.step == nil)
        #expect(snaps.nearest(to: 13) == 5)
    }
}
