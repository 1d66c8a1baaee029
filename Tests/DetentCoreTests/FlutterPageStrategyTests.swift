import Testing
@testable import DetentCore

/// docs/strategies.md, `flutter-page`: Flutter's PageScrollPhysics, worked numbers.
@Suite struct FlutterPageStrategyTests {
    static let pages = "viewport=375 item=375 count=5 align=start"

    func flutter(_ options: String = "{}", geometry: String = pages) -> Harness {
        var h = try! Harness(json: #"{"plugins":[{"name":"f","strategy":"flutter-page","options":\#(options)}]}"#)
        #expect(h.send("open s=f \(geometry)")?.hasPrefix("opened s=f plugin=f index=0 x=0") == true)
        return h
    }

    @Test(arguments: [
        ("end s=f x=500 v=0.3", "index=2 x=750"),     // 1.33 + 0.5 -> 2
        ("end s=f x=500 v=0.04", "index=1 x=375"),    // not a fling
        ("end s=f x=700 v=0", "index=2 x=750"),
        ("end s=f x=750 v=0.3", "index=3 x=1125"),    // 2.0 + 0.5 rounds away
        ("end s=f x=740 v=-0.3", "index=1 x=375"),    // 1.97 - 0.5 -> 1
        ("end s=f x=1500 v=0.4", "index=4 x=1500"),   // at the end, pointing out
    ])
    func workedNumbers(request: String, expected: String) {
        var h = flutter()
        let index = expected.split(separator: " ")[0].dropFirst(6)
        #expect(h.decide(request) == "snap s=f \(expected) mode=animate cause=release page=\(index)")
    }

    @Test func aViewportFractionMakesPagesOfItsExtent() {
        var h = flutter(#"{"viewportFraction":0.8}"#, geometry: "viewport=375 item=300 count=5 align=start")
        #expect(h.decide("end s=f x=500 v=0.3") == "snap s=f index=2 x=600 mode=animate cause=release page=2")
    }

    /// A fling needs the samples of the last 100 ms to travel more than the
    /// slop (18 for touch, 1 for a mouse); with no samples, v alone decides.
    @Test func theSlopGatesAFlingWhenThereAreSamples() {
        var h = flutter()
        _ = h.send("begin s=f x=500 t=0")
        _ = h.send("move s=f x=505 t=50")
        // 10 pt in the last 100 ms: not a fling for touch, the page nearest x.
        #expect(h.decide("end s=f x=510 v=0.3 t=100") == "snap s=f index=1 x=375 mode=animate cause=release page=1")
        var mouse = flutter(#"{"pointer":"mouse"}"#)
        _ = mouse.send("begin s=f x=500 t=0")
        _ = mouse.send("move s=f x=505 t=50")
        #expect(mouse.decide("end s=f x=510 v=0.3 t=100") == "snap s=f index=2 x=750 mode=animate cause=release page=2")
        // 30 pt within the window: a fling for touch too; older samples do not count.
        var far = flutter()
        _ = far.send("begin s=f x=400 t=0")
        _ = far.send("move s=f x=480 t=150")
        _ = far.send("move s=f x=490 t=200")
        #expect(far.decide("end s=f x=520 v=0.3 t=250") == "snap s=f index=2 x=750 mode=animate cause=release page=2")
    }

    /// `density` scales the constants stated in px: a slop of 36 at 2.
    @Test func densityScalesTheSlop() {
        func release(_ options: String) -> String? {
            var h = flutter(options)
            _ = h.send("begin s=f x=400 t=0")
            _ = h.send("move s=f x=490 t=150")
            _ = h.send("move s=f x=495 t=200")
            return h.decide("end s=f x=520 v=0.3 t=250")   // 30 pt in the last 100 ms
        }
        #expect(release("{}") == "snap s=f index=2 x=750 mode=animate cause=release page=2")
        #expect(release(#"{"density":2}"#) == "snap s=f index=1 x=375 mode=animate cause=release page=1")
    }

    @Test func theVelocityGateIsStrict() {
        var h = flutter()
        // v = 0.05 is not above kMinFlingVelocity: no fling, nearest page.
        #expect(h.decide("end s=f x=500 v=0.05") == "snap s=f index=1 x=375 mode=animate cause=release page=1")
        #expect(h.decide("end s=f x=500 v=0.051") == "snap s=f index=2 x=750 mode=animate cause=release page=2")
    }

    @Test func optionsAreChecked() {
        #expect(throws: (any Error).self) {
            try Harness(json: #"{"plugins":[{"name":"f","strategy":"flutter-page","options":{"viewportFraction":0}}]}"#)
        }
        #expect(throws: (any Error).self) {
            try Harness(json: #"{"plugins":[{"name":"f","strategy":"flutter-page","options":{"pointer":"pen"}}]}"#)
        }
    }
}
