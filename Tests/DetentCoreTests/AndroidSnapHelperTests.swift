import Testing
@testable import DetentCore

/// docs/strategies.md, "Android's snap helpers": `android-pager` and
/// `android-linear`, worked numbers side by side.
@Suite struct AndroidSnapHelperTests {
    /// Ten cards 343 at 16 + 351 i, spacing 8: snaps 351 i, M = 3159.
    static let cards = "viewport=375 item=343 count=10 spacing=8 lead=16 trail=16 align=center"
    /// Ten cards 100 at 16 + 108 i: snaps 0, 94.5, 202.5, ..., 634.5, 729.
    static let small = "viewport=375 item=100 count=10 spacing=8 lead=16 trail=16 align=center"

    /// Where `request` rests under `strategy`, from a session resting on card 1, and how.
    func rest(_ strategy: String, _ request: String, geometry: String = cards) -> String? {
        var h = try! Harness(json: #"{"plugins":[{"name":"a","strategy":"\#(strategy)"}]}"#)
        _ = h.send("open s=a \(geometry) index=1")
        return h.decide("end s=a \(request)").map { reply in
            let fields = reply.split(separator: " ")
            let x = fields.first { $0.hasPrefix("x=") }.map { String($0.dropFirst(2)) } ?? "?"
            let mode = fields.first { $0.hasPrefix("mode=") }.map { String($0.dropFirst(5)) } ?? "?"
            return "\(x) \(mode)"
        }
    }

    func at(_ card: Int, _ mode: String) -> String { "\(351 * card) \(mode)" }

    @Test(arguments: [
        ("x=411 v=0.04", 1, "animate", 1, "animate"),
        ("x=411 v=0.05", 1, "animate", 1, "animate"),
        ("x=411 v=0.3", 2, "decelerate", 1, "animate"),     // linear: a fling of 24 pt, jump 0
        ("x=411 v=-0.5", 1, "decelerate", 1, "animate"),
        ("x=560 v=0", 2, "animate", 2, "animate"),
        ("x=351 v=0.3", 1, "decelerate", 1, "animate"),
        ("x=1000 v=1", 3, "decelerate", 4, "decelerate"),
        ("x=1000 v=2", 3, "decelerate", 5, "decelerate"),
        ("x=1000 v=4", 3, "decelerate", 9, "decelerate"),
        ("x=3000 v=3", 9, "decelerate", 9, "decelerate"),
        ("x=0 v=-1", 0, "decelerate", 0, "decelerate"),
    ])
    func workedNumbers(request: String, pager: Int, pagerMode: String, linear: Int, linearMode: String) {
        #expect(rest("android-pager", request) == at(pager, pagerMode), "pager")
        #expect(rest("android-linear", request) == at(linear, linearMode), "linear")
    }

    @Test func smallCardsRestInWholePixels() {
        #expect(rest("android-pager", "x=600 v=2", geometry: Self.small) == "635 decelerate")
        #expect(rest("android-linear", "x=600 v=2", geometry: Self.small) == "729 decelerate")
        #expect(rest("android-pager", "x=650 v=0.3", geometry: Self.small) == "729 decelerate")
        #expect(rest("android-linear", "x=650 v=0.3", geometry: Self.small) == "635 animate")
        for strategy in ["android-pager", "android-linear"] {
            #expect(rest(strategy, "x=700 v=0", geometry: Self.small) == "729 animate", "\(strategy)")
            #expect(rest(strategy, "x=40 v=0", geometry: Self.small) == "0 animate", "\(strategy)")
        }
    }

    @Test func theyCentreOnly() throws {
        var h = try Harness(json: #"{"plugins":[{"name":"a","strategy":"android-pager"}]}"#)
        #expect(h.send("open s=a viewport=375 item=343 count=10 align=start")?.hasPrefix("error code=unsupported-layout") == true)
        #expect(throws: (any Error).self) {
            try Harness(json: #"{"plugins":[{"name":"a","strategy":"android-linear","options":{"align":"start"}}]}"#)
        }
    }

    /// The index is the snap nearest where it rests: card 7 at 635.
    @Test func theIndexIsTheNearestSnaps() {
        var h = try! Harness(json: #"{"plugins":[{"name":"a","strategy":"android-pager"}]}"#)
        _ = h.send("open s=a \(Self.small) index=1")
        #expect(h.decide("end s=a x=600 v=2") == "snap s=a index=7 x=635 mode=decelerate cause=release")
    }
}
