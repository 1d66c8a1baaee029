import Testing
@testable import DetentCore

/// docs/strategies.md, `compose-pager`: Jetpack Compose's HorizontalPager,
/// worked numbers (viewport 375, ten pages 343 at 16 + 351 i, spacing 8,
/// align=start: snaps 351 i, k0 = 1).
@Suite struct ComposePagerStrategyTests {
    static let pages = "viewport=375 item=343 count=10 spacing=8 lead=16 trail=16 align=start"

    func release(_ request: String, options: String = "{}") -> String? {
        var h = try! Harness(json: #"{"plugins":[{"name":"c","strategy":"compose-pager","options":\#(options)}]}"#)
        _ = h.send("open s=c \(Self.pages) index=1")
        return h.decide("end s=c \(request)")
    }

    func rest(_ page: Int, _ mode: String = "animate") -> String {
        "snap s=c index=\(page) x=\(351 * page) mode=\(mode) cause=release page=\(page)"
    }

    @Test(arguments: [
        ("x=371 v=0", 1),
        ("x=411 v=0.1", 1),
        ("x=515 v=0", 2),       // finger 172 > 171.5
        ("x=540 v=0", 2),
        ("x=411 v=0.399", 1),
        ("x=411 v=0.4", 2),
        ("x=411 v=-0.5", 1),
        ("x=300 v=0.2", 1),
        ("x=300 v=-0.45", 0),
        ("x=710 v=0.5", 3),
        ("x=1203 v=0", 4),
        ("x=411 v=3", 2),
    ])
    func workedNumbers(request: String, page: Int) {
        #expect(release(request) == rest(page))
    }

    @Test func theTouchSlopCountsInTheFingersTravel() {
        #expect(release("x=515 v=0", options: #"{"touchSlop":0}"#) == rest(1))
    }

    /// `density` scales the dp constants: at 2, 500 pt/s is under the 800
    /// it takes to fling, and 76 pt of finger under the 112 it takes to go back.
    @Test func densityScalesTheDpConstants() {
        #expect(release("x=411 v=0.5") == rest(2))
        #expect(release("x=411 v=0.5", options: #"{"density":2}"#) == rest(1))
    }

    @Test func severalPagesDecayFirst() {
        #expect(release("x=411 v=3", options: #"{"pages":3}"#) == rest(4, "decelerate"))
        #expect(release("x=1113 v=-3", options: #"{"pages":3}"#) == rest(1, "decelerate"))
    }

    /// Android's spline: 194 dp at 1000 dp/s, and its inverse.
    @Test func theSpline() {
        #expect(abs(FlingSpline.distance(1000) - 194) < 0.5)
        #expect(abs(FlingSpline.velocity(covering: FlingSpline.distance(3000)) - 3000) < 1e-6)
        #expect(FlingSpline.distance(0) == 0 && FlingSpline.velocity(covering: 0) == 0)
    }
}
