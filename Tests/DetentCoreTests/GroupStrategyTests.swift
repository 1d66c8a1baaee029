import Testing
@testable import DetentCore

/// docs/strategies.md, `group`, worked numbers (seed 003).
@Suite struct GroupStrategyTests {
    /// The seed's constants: item 70, spacing 30, lead 20, 10 items.
    static let geometry = "viewport=375 item=70 count=10 spacing=30 lead=20"

    func shelf(_ extra: String = "contain=pad") -> Harness {
        var h = Harness()
        _ = h.send("open s=g plugin=shelf \(Self.geometry) \(extra)")
        return h
    }

    @Test func capacityPageAndPad() {
        var h = Harness()
        #expect(h.send("open s=g plugin=shelf \(Self.geometry) contain=pad") == "opened s=g plugin=shelf index=0 x=0 snaps=4 pad=285")
        #expect(h.connection.sessions["g"]?.layout.snaps.offsets == [0, 300, 600, 900])
        #expect(h.connection.sessions["g"]?.layout.snaps.indexes == [0, 3, 6, 9])
        #expect(h.send("open s=t plugin=shelf \(Self.geometry)") == "opened s=t plugin=shelf index=0 x=0 snaps=4")
        #expect(h.connection.sessions["t"]?.layout.snaps.offsets == [0, 300, 600, 615])
        let run = ItemRun(uniform: 70, count: 10, spacing: 30, lead: 20, trail: 0)
        #expect(GroupStrategy.capacity(of: run, viewport: 375) == 3)
    }

    @Test(arguments: [
        ("end s=g x=60 target=160 v=0.5", "index=3 x=300 mode=decelerate cause=release page=1"),
        ("end s=g x=60 target=290 v=0.1", "index=0 x=0 mode=decelerate cause=release page=0"),
        ("end s=g x=60 target=1000 v=5", "index=3 x=300 mode=decelerate cause=release page=1"),
    ])
    func workedNumbersFromPageZero(request: String, expected: String) {
        var h = shelf()
        #expect(h.decide(request) == "snap s=g \(expected)")
    }

    @Test func remainderAndVelocityThresholds() {
        var h = shelf()
        // Remainder 10 is not more than minRemainder.
        #expect(h.decide("end s=g x=0 target=10 v=1") == "snap s=g index=0 x=0 mode=decelerate cause=release page=0")
        #expect(h.decide("end s=g x=0 target=10.5 v=1") == "snap s=g index=3 x=300 mode=decelerate cause=release page=1")
        // Backwards past -0.3 goes back a page from the page at or below T.
        #expect(h.decide("end s=g x=310 target=305 v=-0.31") == "snap s=g index=0 x=0 mode=decelerate cause=release page=0")
    }

    @Test func trimLetsTheClampedLastPageHold() {
        var h = shelf("")
        _ = h.send("goto s=g index=9")
        #expect(h.decide("end s=g x=615 v=0") == "snap s=g index=9 x=615 mode=decelerate cause=release page=3")
        #expect(h.decide("end s=g x=615 v=1") == "snap s=g index=9 x=615 mode=decelerate cause=release page=3")
    }

    @Test func gotoGoesToThePageHoldingTheItem() {
        var h = shelf()
        #expect(h.decide("goto s=g index=5") == "snap s=g index=3 x=300 mode=animate cause=goto page=1")
        #expect(h.decide("goto s=g index=9") == "snap s=g index=9 x=900 mode=animate cause=goto page=3")
    }

    /// Seed 003's bug: grabbed again while settling a few points short of
    /// page 2, the seed takes `floor(592 / 300) = 1` as the current page and
    /// lets a backward flick go to page 0. The re-grab rule keeps page 2.
    @Test func regrabWhileSettlingIsNotThePreviousPage() {
        var h = shelf()
        _ = h.send("goto s=g index=6")
        #expect(h.decide("end s=g x=590 target=600 v=0") == "snap s=g index=6 x=600 mode=decelerate cause=release page=2")
        #expect(h.send("begin s=g x=592") == "began s=g index=6 x=600")
        #expect(h.decide("end s=g x=560 target=540 v=-0.5") == "snap s=g index=3 x=300 mode=decelerate cause=release page=1")
    }

    @Test func theSeedsOriginalRuleReproducesTheBug() {
        let h = shelf()
        let layout = h.connection.sessions["g"]!.layout
        let strategy = GroupStrategy(options: .init())
        let release = Release(x: 560, v: -0.5, target: 540)
        // The seed's current page at begin: floor(x / P).
        let seedK0 = Int((592.0 / 300).rounded(.down))
        #expect(seedK0 == 1)
        #expect(strategy.decide(release, layout: layout, from: seedK0) == .snap(0, .decelerate), "the seed's bug: two pages back")
        #expect(strategy.decide(release, layout: layout, from: 2) == .snap(1, .decelerate), "ours: one page back")
    }

    @Test func onlyUniformStartAlignedItems() {
        var h = Harness()
        #expect(h.send("open s=a plugin=shelf viewport=375 sizes=70,80")?.hasPrefix("error code=unsupported-layout") == true)
        #expect(h.send("open s=a plugin=shelf viewport=375 points=0,300")?.hasPrefix("error code=unsupported-layout") == true)
        #expect(h.send("open s=a plugin=shelf \(Self.geometry) align=center")?.hasPrefix("error code=unsupported-layout") == true)
        #expect(h.send("open s=a plugin=shelf \(Self.geometry) loop=1")?.hasPrefix("error code=unsupported-layout") == true)
        #expect(h.send("open s=a plugin=shelf \(Self.geometry) align=start")?.hasPrefix("opened") == true)
    }

    @Test func alignOptionMustBeStart() {
        #expect(throws: ConfigError.self) {
            try ConfigLoader.load(Array(#"{"plugins":[{"name":"g","strategy":"group","options":{"align":"center"}}]}"#.utf8), file: "p.json", directory: nil)
        }
    }

    @Test func aViewportNarrowerThanOneItemHoldsOnePerPage() {
        var h = Harness()
        #expect(h.send("open s=a plugin=shelf viewport=50 item=70 count=3 spacing=30") == "opened s=a plugin=shelf index=0 x=0 snaps=3")
        #expect(h.connection.sessions["a"]?.layout.snaps.offsets == [0, 100, 200])
    }
}
