import Testing
@testable import DetentCore
import DetentTestSupport

/// `css-snap` given items (`item`/`sizes`, `count`, `align`, `spacing`,
/// `lead`/`trail`): the points Chromium computes for that content with no
/// `scroll-padding` (cc/input/scroll_snap_data.cc, `GetSnapSearchResult`
/// and `SnapSearchResult::Clip`): each item aligned in the viewport, the
/// insets being the container's padding, clipped to `[0, max]`, equal
/// points merged (the first item names a merged point).
@Suite struct CssSnapGeometryTests {
    static let config = #"{"plugins":[{"name":"css","strategy":"css-snap"}]}"#

    static func harness() -> Harness {
        // swiftlint:disable:next force_try
        try! Harness(json: config)
    }

    /// The points of session `s`: `goto` each item, its rest's `index` and `x`.
    static func points(_ h: inout Harness, _ s: String, count: Int) -> [String] {
        (0..<count).map { i in
            let reply = h.decide("goto s=\(s) index=\(i)") ?? ""
            return reply.split(separator: " ").filter { $0.hasPrefix("index=") || $0.hasPrefix("x=") }.joined(separator: " ")
        }
    }

    /// FACTS.md's `centred`: six of 200 px, gap 40, centred in 300: the
    /// first and last clipped (0 190 430 670 910 1100), as recorded.
    @Test func centredItemsAreClippedAtBothEnds() {
        var h = Self.harness()
        #expect(h.send("open s=c plugin=css viewport=300 item=200 count=6 spacing=40 align=center") == "opened s=c plugin=css index=0 x=0 snaps=6")
        #expect(Self.points(&h, "c", count: 6)
            == ["index=0 x=0", "index=1 x=190", "index=2 x=430", "index=3 x=670", "index=4 x=910", "index=5 x=1100"])
    }

    /// `lead` is the container's padding, not `scroll-padding`: items of
    /// 240 after 30 px start at 30, 270, ...; the last at 30 + 6 x 240 =
    /// 1470, clipped to 1710 - 300 = 1410.
    @Test func leadIsPaddingBeforeTheFirstItem() {
        var h = Self.harness()
        _ = h.send("open s=l plugin=css viewport=300 item=240 count=7 lead=30")
        #expect(Self.points(&h, "l", count: 7)
            == ["index=0 x=30", "index=1 x=270", "index=2 x=510", "index=3 x=750", "index=4 x=990", "index=5 x=1230", "index=6 x=1410"])
    }

    /// End alignment: an item's end at the viewport's end; `trail` is
    /// padding after the last. Three of 200 with 50 after, in 300: ends at
    /// 200, 400, 600, points 0 (clipped from -100), 100, 300; max 350.
    @Test func endAlignmentWithTrail() {
        var h = Self.harness()
        #expect(h.send("open s=e plugin=css viewport=300 item=200 count=3 trail=50 align=end") == "opened s=e plugin=css index=0 x=0 snaps=3")
        #expect(Self.points(&h, "e", count: 3) == ["index=0 x=0", "index=1 x=100", "index=2 x=300"])
        #expect(h.send("open s=v plugin=css viewport=300 sizes=100,300,100 align=end") == "opened s=v plugin=css index=0 x=0 snaps=3")
    }

    /// 1,000 items of 3 px centred: items 0 to 49 clip to 0 and 950 to 999
    /// to 2700, merged: 902 points; a merged point is its first item's.
    @Test func equalPointsAfterClippingMergeIntoTheFirstItem() {
        var h = Self.harness()
        #expect(h.send("open s=k plugin=css viewport=300 item=3 count=1000 align=center") == "opened s=k plugin=css index=0 x=0 snaps=902")
        #expect(h.decide("goto s=k index=999") == "snap s=k index=950 x=2700 mode=animate cause=goto")
        #expect(h.decide("goto s=k index=30") == "snap s=k index=0 x=0 mode=animate cause=goto")
        #expect(h.decide("goto s=k index=50") == "snap s=k index=50 x=1.5 mode=animate cause=goto")
    }

    /// Chromium clips every point into the scroll range: no `contain=pad`;
    /// `snapstop` names points, so only with `points`.
    @Test func padAndSnapstopWithItemsAreRefused() {
        var h = Self.harness()
        #expect(h.send("open s=x plugin=css viewport=300 item=300 count=3 contain=pad")?.hasPrefix("error code=unsupported-layout s=x") == true)
        #expect(h.send("open s=y plugin=css viewport=300 item=300 count=3 snapstop=1")?.hasPrefix("error code=bad-layout s=y msg=\"snapstop: only with points") == true)
    }
}
