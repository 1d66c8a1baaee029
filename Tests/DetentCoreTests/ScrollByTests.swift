import Testing
@testable import DetentCore
import DetentTestSupport

/// `scrollby` (detent-protocol(7)) for every strategy: the snap nearest
/// `x + by` among those beyond `x` in `by`'s direction, with the strategy's
/// `goto` motion; `snapstop` in the geometry, checked.
@Suite struct ScrollByTests {
    static let points = "open s=b plugin=thumbs viewport=300 points=0,300,600,900"

    @Test func theSnapNearestTheGoalInTheDirection() {
        var h = Harness()
        _ = h.send(Self.points)
        // 400 from 0: 300 is nearer 400 than 600.
        #expect(h.decide("scrollby s=b by=400") == "snap s=b index=1 x=300 mode=animate cause=scrollby")
        // 10 back from 300: 0 is the only point that way, however far.
        #expect(h.decide("scrollby s=b by=-10") == "snap s=b index=0 x=0 mode=animate cause=scrollby")
        // Nothing lies before the first point, and 0 moves nothing.
        #expect(h.send("scrollby s=b by=-100") == "kept s=b index=0")
        #expect(h.send("scrollby s=b by=0") == "kept s=b index=0")
        // Far past the end: the last point.
        #expect(h.decide("scrollby s=b by=5000") == "snap s=b index=3 x=900 mode=animate cause=scrollby")
        #expect(h.send("scrollby s=b by=1") == "kept s=b index=3")
        // x: where the content is drawn; 450 + 200 = 650, ahead of 450: 600.
        #expect(h.decide("scrollby s=b by=200 x=450") == "snap s=b index=2 x=600 mode=animate cause=scrollby")
        #expect(h.send("scrollby s=b")?.hasPrefix("error code=missing-key") == true)
        #expect(h.send("scrollby s=b by=x")?.hasPrefix("error code=bad-value") == true)
    }

    /// The motion is the one `goto` draws from the same place.
    @Test func theMotionIsGotos() {
        var a = Harness(), b = Harness()
        for plugin in ["paging", "qt-swipeview", "adwaita", "thumbs"] {
            let open = "open s=p plugin=\(plugin) viewport=400 item=400 count=5"
            _ = a.send(open)
            _ = b.send(open)
            let scrolled = a.send("scrollby s=p by=800") ?? ""
            let went = b.send("goto s=p index=2") ?? ""
            #expect(scrolled.replacingOccurrences(of: "cause=scrollby", with: "cause=goto") == went, "\(plugin)")
            _ = a.send("close s=p")
            _ = b.send("close s=p")
        }
    }

    /// A motion under way: `t` finds where it is, and the displacement counts from there.
    @Test func duringAMotionItCountsFromWhereTheContentIs() {
        var h = Harness()
        _ = h.send("open s=a plugin=paging viewport=400 item=400 count=5")
        _ = h.send("step s=a to=next t=100")
        // 50 ms into the spring the content is at 74.39: +400 is 474.39, nearest 400.
        #expect(h.send("scrollby s=a by=400 t=150")?.hasPrefix("snap s=a index=1 x=400 mode=animate cause=scrollby page=1 from=74.38756162548") == true)
        // A finger down holds the content.
        _ = h.send("begin s=a x=400")
        #expect(h.send("scrollby s=a by=400") == "kept s=a index=1")
    }

    @Test func snapstopIsCheckedAndOnlyWithPoints() {
        var h = Harness()
        #expect(h.send("open s=a plugin=thumbs viewport=300 points=0,150,300 snapstop=1")?.hasPrefix("opened s=a") == true)
        #expect(h.send("open s=c plugin=thumbs viewport=300 points=0,150,300 snapstop=3")
            == #"error code=bad-value s=c msg="snapstop: 3 is not the index of a point (0 to 2)""#)
        #expect(h.send("open s=c plugin=thumbs viewport=300 points=0,150,300 snapstop=0.5")?.hasPrefix("error code=bad-value s=c msg=\"snapstop") == true)
        #expect(h.send("open s=c plugin=thumbs viewport=300 item=100 count=3 snapstop=1")?.hasPrefix("error code=bad-layout s=c msg=\"snapstop: only with points") == true)
    }

    @Test func theTargetRule() {
        let p = [0.0, 300, 600, 900]
        #expect(Session.scrollByTarget(p, from: 0, by: 400) == 1)
        #expect(Session.scrollByTarget(p, from: 0, by: 450) == 1)  // a tie: the nearer to from
        #expect(Session.scrollByTarget(p, from: 300, by: 0.0000001) == 2)
        #expect(Session.scrollByTarget(p, from: 0, by: -1) == nil)
        #expect(Session.scrollByTarget(p, from: 0, by: .nan) == nil)
    }
}
