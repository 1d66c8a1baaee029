import Testing
@testable import DetentCore

/// docs/strategies.md's shared rules: re-grab, projection, rubber band, velocity,
/// cancel, goto, layout, autoplay steps.
@Suite struct SessionTests {
    func opened(_ geometry: String = Harness.cards, plugin: String = "cards") -> Harness {
        var h = Harness()
        _ = h.send("open s=c plugin=\(plugin) \(geometry)")
        return h
    }

    @Test func beginReportsTheRestingSnap() {
        var h = opened()
        #expect(h.send("begin s=c x=10") == "began s=c index=0 x=0")
    }

    @Test func regrabWhenLandingNearerAnotherSnap() {
        var h = opened()
        _ = h.send("goto s=c index=2")  // rests at 702
        // Within half the gap (175.5): no re-grab.
        #expect(h.send("begin s=c x=530") == "began s=c index=2 x=702")
        // Exactly half the gap is not farther: no re-grab.
        #expect(h.send("begin s=c x=526.5") == "began s=c index=2 x=702")
        // Farther: k0 becomes the nearest snap.
        #expect(h.send("begin s=c x=526") == "began s=c index=1 x=351")
        // And the drag starts from there.
        #expect(h.decide("end s=c x=340 v=0") == "snap s=c index=1 x=351 mode=animate cause=release")
    }

    @Test func regrabUsesTheSmallerGapAndNeverWithOneSnap() {
        var h = Harness()
        _ = h.send("open s=p plugin=cards viewport=100 points=0,10,100")
        _ = h.send("goto s=p index=1")
        // Gaps 10 and 90: half the smaller is 5.
        #expect(h.send("begin s=p x=16") == "began s=p index=1 x=10")  // nearest to 16 is still 10
        _ = h.send("goto s=p index=1")
        #expect(h.send("begin s=p x=60") == "began s=p index=2 x=100")
        _ = h.send("open s=one plugin=cards viewport=100 points=5")
        #expect(h.send("begin s=one x=5000") == "began s=one index=0 x=5")
    }

    @Test func endWithoutBeginStartsFromTheRestingSnap() {
        var h = opened()
        _ = h.send("goto s=c index=2")
        #expect(h.decide("end s=c x=530 v=-2") == "snap s=c index=1 x=351 mode=animate cause=release")
    }

    @Test func rubberBandPastBothEnds() {
        var h = opened()
        #expect(h.send("move s=c x=200") == "moved s=c x=200")
        // d = 375: (1 - 1/(375*0.55/375 + 1)) * 375 = 375 * 0.55/1.55
        let drawn = 375 * (1 - 1 / 1.55)
        #expect(h.send("move s=c x=-375") == "moved s=c x=\(NumberFormat.string(-drawn))")
        #expect(h.send("move s=c x=1779") == "moved s=c x=\(NumberFormat.string(1404 + drawn))")
    }

    @Test func rubberBandEndsIncludePadAndPoints() {
        var h = Harness()
        _ = h.send("open s=p plugin=cards viewport=375 item=275 count=6 align=start contain=pad")
        #expect(h.send("move s=p x=1375") == "moved s=p x=1375")
        _ = h.send("open s=q plugin=cards viewport=100 points=-20,50")
        #expect(h.send("move s=q x=-20") == "moved s=q x=-20")
        #expect(h.send("move s=q x=50") == "moved s=q x=50")
        #expect(h.send("move s=q x=-21")?.hasPrefix("moved s=q x=-20.") == true)
    }

    @Test func rubberBandZeroHoldsAtTheEnd() throws {
        var h = try Harness(json: #"{"plugins":[{"name":"p","strategy":"flick","options":{"rubberBand":0}}]}"#)
        _ = h.send("open s=c \(Harness.cards)")
        #expect(h.send("move s=c x=-500") == "moved s=c x=0")
        #expect(h.send("move s=c x=-1e308") == "moved s=c x=0")
    }

    @Test func estimatedVelocityIsTheLeastSquaresSlope() {
        var s = VelocitySamples()
        s.add(t: 0, x: 0)
        s.add(t: 10, x: 20)
        s.add(t: 20, x: 40)
        #expect(s.estimate() == 2)
        // Samples older than 100 ms before the newest are dropped.
        s.reset()
        s.add(t: 0, x: 1000)
        s.add(t: 100, x: 0)
        s.add(t: 150, x: 50)
        #expect(s.estimate() == 1)
        // One distinct time: 0.
        s.reset()
        s.add(t: 5, x: 0)
        s.add(t: 5, x: 100)
        #expect(s.estimate() == 0)
    }

    @Test func endWithoutVelocityUsesTheTimedSamples() {
        var h = opened()
        #expect(h.send("begin s=c x=0 t=1000") == "began s=c index=0 x=0")
        _ = h.send("move s=c x=12 t=1010")
        // Slope over (0,0) (10,12) (20,24) = 1.2 pt/ms: a flick.
        #expect(h.decide("end s=c x=24 t=1020") == "snap s=c index=1 x=351 mode=animate cause=release")
        // Samples reset after the decision: no t, no v means 0.
        #expect(h.decide("end s=c x=360") == "snap s=c index=1 x=351 mode=animate cause=release")
    }

    @Test func cancelGoesBackToTheRestingSnap() {
        var h = opened()
        _ = h.send("goto s=c index=3")
        _ = h.send("begin s=c x=1060")
        _ = h.send("move s=c x=900")
        #expect(h.decide("cancel s=c") == "snap s=c index=3 x=1053 mode=animate cause=cancel")
    }

    @Test func gotoClampsIntoTheRange() {
        var h = Harness()
        _ = h.send("open s=c plugin=cards viewport=375 item=275 count=6 align=start")
        #expect(h.decide("goto s=c index=5") == "snap s=c index=5 x=1275 mode=animate cause=goto")
        #expect(h.decide("goto s=c index=0") == "snap s=c index=0 x=0 mode=animate cause=goto")
    }

    /// With `contain=pad` the padded end is reachable (detent-protocol(7),
    /// `goto`): open, layout and goto clamp into `[0, M + pad]`, so the last
    /// item rests aligned, as the pad is for.
    @Test func thePaddedEndIsReachable() {
        var h = Harness()
        let banner = "viewport=375 item=275 count=6 align=start contain=pad"
        // Thumbs 80 wide: M = 1225, the last snap 1280 = item 16, pad 55.
        let thumbs = "viewport=375 item=80 count=20 align=start contain=pad"
        #expect(h.send("open s=t plugin=thumbs \(thumbs) index=19") == "opened s=t plugin=thumbs index=16 x=1280 snaps=17 pad=55")
        #expect(h.decide("goto s=t index=0") == "snap s=t index=0 x=0 mode=animate cause=goto")
        #expect(h.decide("goto s=t index=18") == "snap s=t index=16 x=1280 mode=animate cause=goto")
        #expect(h.send("layout s=t \(thumbs) index=17") == "opened s=t plugin=thumbs index=16 x=1280 snaps=17 pad=55")
        // Uniform pages of 275 over M = 1275: the pad is 100.
        #expect(h.send("open s=b plugin=banner \(banner) index=5") == "opened s=b plugin=banner index=5 x=1375 snaps=6 pad=100")
        #expect(h.decide("goto s=b index=4") == "snap s=b index=4 x=1100 mode=animate cause=goto")
        #expect(h.decide("goto s=b index=5") == "snap s=b index=5 x=1375 mode=animate cause=goto")
        // Trimmed, the same items rest at M.
        #expect(h.send("open s=c plugin=thumbs viewport=375 item=80 count=20 align=start index=19") == "opened s=c plugin=thumbs index=15 x=1225 snaps=17")
    }

    @Test func layoutKeepsTheIndexWhereItStillExists() {
        var h = opened()
        _ = h.send("goto s=c index=3")
        #expect(h.send("layout s=c viewport=375 item=343 count=5 spacing=8 lead=16 trail=16") == "opened s=c plugin=cards index=3 x=1053 snaps=5")
        // Fewer items: the last one.
        #expect(h.send("layout s=c viewport=375 item=343 count=2 spacing=8 lead=16 trail=16") == "opened s=c plugin=cards index=1 x=351 snaps=2")
        // An explicit index wins.
        #expect(h.send("layout s=c viewport=375 item=343 count=5 index=4 spacing=8 lead=16 trail=16") == "opened s=c plugin=cards index=4 x=1404 snaps=5")
        // Omitted keys take their defaults: no spacing or insets now.
        #expect(h.send("layout s=c viewport=375 item=343 count=5") == "opened s=c plugin=cards index=4 x=1340 snaps=5")
    }

    @Test func invalidLayoutLeavesTheSessionUnchanged() {
        var h = opened()
        _ = h.send("goto s=c index=2")
        #expect(h.send("layout s=c viewport=0 item=1 count=1")?.hasPrefix("error code=bad-layout") == true)
        #expect(h.send("layout s=c viewport=10 item=1 count=1 index=3")?.hasPrefix("error code=bad-value") == true)
        #expect(h.decide("cancel s=c") == "snap s=c index=2 x=702 mode=animate cause=cancel")
    }

    @Test func layoutEndsTheGesture() {
        var h = opened()
        _ = h.send("begin s=c x=10 t=0")
        #expect(h.connection.sessions["c"]?.fingerDown == true)
        _ = h.send("layout s=c \(Harness.cards)")
        #expect(h.connection.sessions["c"]?.fingerDown == false)
        #expect(h.connection.sessions["c"]?.samples.count == 0)
    }

    @Test func autoplayStepsAndWrapsAndWaitsForTheFinger() {
        var h = opened()
        #expect(h.send("autoplay s=c every=2000") == "ok s=c every=2000")
        _ = h.send("goto s=c index=3")
        #expect(h.autoplayStep("c") == "snap s=c index=4 x=1404 mode=animate cause=autoplay")
        #expect(h.autoplayStep("c") == "snap s=c index=0 x=0 mode=animate cause=autoplay")
        _ = h.send("begin s=c x=0")
        #expect(Dispatcher.autoplayPush(session: "c", connection: &h.connection) == nil)
        _ = h.send("end s=c x=0 v=0")
        #expect(Dispatcher.autoplayPush(session: "c", connection: &h.connection) != nil)
        #expect(h.send("autoplay s=c every=0") == "ok s=c every=0")
        #expect(Dispatcher.autoplayPush(session: "c", connection: &h.connection) == nil)
    }

    @Test func autoplayPushesInTheEncodingThatEnabledIt() {
        var h = opened()
        #expect(h.send(#"{"op":"autoplay","s":"c","every":50.5}"#) == #"{"op":"ok","s":"c","every":50.5}"#)
        #expect(h.autoplayStep("c")
            == #"{"op":"snap","s":"c","index":1,"x":351,"mode":"animate","cause":"autoplay"}"#)
    }

    @Test func projectionUsesTheDecelerationRateAndClamps() throws {
        var spec = GeometrySpec()
        spec.viewport = 375; spec.item = 343; spec.count = 5; spec.spacing = 8; spec.lead = 16; spec.trail = 16
        // A strategy that rests exactly at T shows what the session projected.
        struct NearestTarget: BuiltInStrategy {
            struct Options: StrategyOptions {
                var common = CommonOptions()
                init() {}
            }
            static let about = StrategyDescription(name: "nearest-target", summary: "rests at the projected target")
            static let declaredOptions: [OptionBinding<Options>] = []
            let options: Options
            init(options: Options) { self.options = options }
            func decide(_ release: Release, layout: Layout, from k0: Int) -> Choice { .free(release.target, .decelerate) }
        }
        var session = try! Session(plugin: Plugin(name: "n", strategy: NearestTarget(options: .init())), geometry: spec, maxItems: 100)
        // r = 0.998: T = x + v * 499.
        #expect(try session.end(x: 100, v: 1, target: nil, t: nil).x == 100 + 1 * 0.998 / (1 - 0.998))
        #expect(abs(try session.end(x: 100, v: 1, target: nil, t: nil).x - 599) < 1e-9)
        #expect(try session.end(x: 100, v: 0, target: 250, t: nil).x == 250)
        #expect(try session.end(x: 100, v: 100, target: nil, t: nil).x == 1404)
        #expect(try session.end(x: 100, v: 0, target: -50, t: nil).x == 0)
    }
}
