import Foundation
import Testing
import DetentCore
import DetentTestSupport
@testable import DetentSimulation

/// `detent simulate`: offline runs and their drawing.
@Suite struct SimulationTests {
    static let config: Config = try! ConfigLoader.load(Array(EmbeddedConfig.json.utf8), file: "plugins.json", directory: nil)
    static let cards = "viewport=375 item=343 count=5 spacing=8 lead=16 trail=16"
    /// The motion of `end x=90 v=1.4` on the cards: a spring from the release.
    static let cardsMotion = " from=90 v=1.4 curve=spring omega=0.015707963267948967 ms=516"

    func seed000() throws -> [PluginRun] {
        try Simulation.run(config: Self.config, plugins: ["paging", "cards"], layout: Self.cards,
                           gestures: ["end x=90 v=1.4", "end x=500 v=-0.2"])
    }

    @Test func repliesAreTheDaemons() throws {
        let runs = try seed000()
        #expect(runs.map(\.plugin.name) == ["paging", "cards"])
        #expect(runs[0].opened.reply == "opened s=paging plugin=paging index=0 x=0 snaps=5")
        #expect(runs[0].steps.map { DecisionText.withoutMotion($0.reply) } == [
            "snap s=paging index=1 x=375 mode=decelerate cause=release page=1",
            "snap s=paging index=1 x=375 mode=decelerate cause=release page=1",
        ])
        #expect(runs[1].steps[0].reply.hasSuffix(" cause=release\(Self.cardsMotion)"))
        #expect(runs[1].steps.map { DecisionText.withoutMotion($0.reply) } == [
            "snap s=cards index=1 x=351 mode=animate cause=release",
            "snap s=cards index=1 x=351 mode=animate cause=release",
        ])
        #expect(runs[1].steps[0].release == Release(x: 90, v: 1.4, target: 90 + 1.4 * 0.998 / (1 - 0.998)))
        let report = Simulation.report(runs)
        #expect(report.contains("cards (flick)\n  opened s=cards plugin=cards index=0 x=0 snaps=5\n  end x=90 v=1.4  ->  snap s=cards index=1 x=351"))
    }

    @Test func badPluginsAndGesturesAreExplained() {
        #expect(throws: SimulationError.self) {
            try Simulation.run(config: Self.config, plugins: ["crads"], layout: Self.cards, gestures: [])
        }
        do {
            _ = try Simulation.run(config: Self.config, plugins: ["crads"], layout: Self.cards, gestures: [])
        } catch {
            #expect(error.description.hasPrefix(#"no plugin "crads" (did you mean "cards"?)"#))
        }
        #expect(throws: SimulationError.self) {
            try Simulation.run(config: Self.config, plugins: [], layout: Self.cards, gestures: ["ping"])
        }
        #expect(throws: SimulationError.self) {
            try Simulation.run(config: Self.config, plugins: [], layout: Self.cards, gestures: ["end s=x x=1"])
        }
    }

    @Test func aLayoutAPluginRefusesIsShownAsItsError() throws {
        let runs = try Simulation.run(config: Self.config, plugins: ["shelf"], layout: "viewport=375 sizes=100,200", gestures: ["end x=0"])
        #expect(runs[0].layout == nil)
        #expect(runs[0].opened.reply.hasPrefix("error code=unsupported-layout"))
        let svg = SVGDocument(SVGRenderer.render(runs, caption: "x"))
        #expect(svg.error == nil)
        #expect(svg.marks("error", in: "shelf").count == 1)
    }

    @Test func svgHasEveryMarkInItsPlace() throws {
        let runs = try seed000()
        let text = SVGRenderer.render(runs, caption: Self.cards)
        let svg = SVGDocument(text)
        #expect(svg.error == nil, "the SVG must be well-formed XML")
        let scale = SVGRenderer.scale(for: runs)
        func at(_ offset: Double) -> Double { (scale.x(offset) * 100).rounded() / 100 }
        for (name, chosen) in [("paging", 375.0), ("cards", 351.0)] {
            let items = svg.marks("item", in: name)
            #expect(items.count == 5)
            for (i, item) in items.enumerated() {
                #expect(item.number("x") == at(16 + Double(i) * 351), "\(name) item \(i)")
            }
            let snaps = svg.marks("snap", in: name)
            #expect(snaps.count == 5)
            let chosenMarks = svg.marks("chosen", in: name)
            #expect(chosenMarks.count == 2)
            for mark in chosenMarks {
                #expect(mark.number("data-offset") == chosen)
                #expect(mark.number("x") == at(chosen))
                #expect(abs(mark.number("width")! - scale.length(375)) < 0.01)
            }
            let releases = svg.marks("release", in: name)
            #expect(releases.map { $0.number("cx")! } == [at(90), at(500)])
            let targets = svg.marks("target", in: name)
            #expect(targets.map { $0.number("data-offset")! } == [788.6, 400.2])
        }
        // The paging snaps are the viewport multiples, the cards' the centred cards.
        #expect(svg.marks("snap", in: "paging").map { $0.number("data-offset")! } == [0, 375, 750, 1125, 1404])
        #expect(svg.marks("snap", in: "cards").map { $0.number("data-offset")! } == [0, 351, 702, 1053, 1404])
        // Under paging the screen cuts card 1 (starts at 367) and shows card 2;
        // under flick card 1 sits whole, centred between two peeks.
        let pagingVisible = svg.marks("visible", in: "paging").prefix(2).map { $0.number("data-start")! }
        #expect(pagingVisible == [367, 718])
        let cardsVisible = svg.marks("visible", in: "cards").prefix(3).map { $0.number("data-start")! }
        #expect(cardsVisible == [16, 367, 718])
    }

    @Test func loopsDrawTheirDuplicatesAndJumps() throws {
        let runs = try Simulation.run(config: Self.config, plugins: ["carousel"], layout: "viewport=375 item=300 spacing=10 count=4 loop=1",
                                      gestures: ["goto index=3", "end x=1520 v=1"])
        #expect(DecisionText.withoutMotion(runs[0].steps[1].reply) == "snap s=carousel index=0 x=1822.5 mode=decelerate cause=release jump=582.5")
        let svg = SVGDocument(SVGRenderer.render(runs, caption: "loop"))
        #expect(svg.marks("item", in: "carousel").count == 8)
        #expect(svg.marks("duplicate", in: "carousel").count == 4)
        #expect(svg.marks("jump", in: "carousel").map { $0.number("data-offset")! } == [582.5])
    }

    /// Issue 13's "around them": one gesture under every platform's feel,
    /// side by side, from the bundled plugins.json.
    @Test func thePlatformsFeelsSideBySide() throws {
        let feels = ["cards", "compose-pager", "flutter-page", "embla", "swiper", "android-pager", "android-linear"]
        let runs = try Simulation.run(config: Self.config, plugins: feels, layout: Self.cards,
                                      gestures: ["begin x=351 t=0", "move x=380 t=60", "end x=420 v=0.5 t=120"])
        #expect(runs.map(\.plugin.name) == feels)
        #expect(runs.map { DecisionText.withoutMotion($0.steps[2].reply) } == [
            "snap s=cards index=1 x=351 mode=animate cause=release",
            "snap s=compose-pager index=2 x=702 mode=animate cause=release page=2",
            "snap s=flutter-page index=2 x=750 mode=animate cause=release page=2",
            "snap s=embla index=2 x=702 mode=decelerate cause=release",
            "snap s=swiper index=2 x=702 mode=animate cause=release",
            "snap s=android-pager index=2 x=702 mode=decelerate cause=release",
            "snap s=android-linear index=1 x=351 mode=animate cause=release",
        ])
        let svg = SVGDocument(SVGRenderer.render(runs, caption: "feels"))
        for name in feels { #expect(svg.marks("chosen", in: name).count == 1, "\(name) is drawn") }
    }
}

/// `detent simulate`'s shorthand for wheel runs and touchpad swipes.
@Suite struct GestureShorthandTests {
    @Test func wheelListsAndEveryMakeOneEventEach() throws {
        #expect(try GestureShorthand.expand("wheel dy=1,1,-1 t=0,100,300") ==
            ["wheel dx=0 dy=1 t=0", "wheel dx=0 dy=1 t=100", "wheel dx=0 dy=-1 t=300"])
        #expect(try GestureShorthand.expand("wheel dy=1 t=10 every=50 n=3 source=other") ==
            ["wheel dx=0 dy=1 t=10 source=other", "wheel dx=0 dy=1 t=60 source=other", "wheel dx=0 dy=1 t=110 source=other"])
        #expect(try GestureShorthand.expand("wheel dx=1 dy=0 t=5") == ["wheel dx=1 dy=0 t=5"])
        #expect(try GestureShorthand.expand("end x=90 v=1.4") == ["end x=90 v=1.4"])
    }

    @Test func aScrollListIsAWholeSwipe() throws {
        #expect(try GestureShorthand.expand("scroll dx=12,20 t=1000 every=16 x=400") == [
            "scroll dx=12 dy=0 t=1000 phase=begin x=400", "scroll dx=12 dy=0 t=1000", "scroll dx=20 dy=0 t=1016",
            "scroll dx=0 dy=0 t=1032 phase=end",
        ])
    }

    @Test func badShorthandIsExplained() {
        for (line, says) in [
            ("wheel dy=1,x t=0,1", "dy takes numbers separated by commas"),
            ("wheel dy=1,1 t=0,1,2", "must be as long as each other"),
            ("wheel dy=1,1", "give t"),
            ("wheel dy=1,1 t=0", "give t as a list, or every=MS"),
            ("wheel dy=1 t=0 n=0", "n is the number of events"),
            ("scroll dx=1,2 t=0 every=10 phase=end", "leave phase out"),
        ] {
            #expect(throws: SimulationError.self, "\(line)") { try GestureShorthand.expand(line) }
            do {
                _ = try GestureShorthand.expand(line)
            } catch {
                #expect(error.description.contains(says), "\(line): \(error)")
            }
        }
    }

    @Test func aRunOfNotchesSimulatesAsTheDaemonAnswers() throws {
        let gestures = try GestureShorthand.expand("wheel dy=1,1 t=0,60")
        let runs = try Simulation.run(config: SimulationTests.config, plugins: ["paging"],
                                      layout: "viewport=400 item=400 count=5", gestures: gestures)
        #expect(runs[0].steps.map { DecisionText.withoutMotion($0.reply) } ==
            ["snap s=paging index=1 x=400 mode=animate cause=wheel page=1", "kept s=paging index=1"])
    }
}
