import Testing
@testable import DetentCore
import DetentTestSupport

/// `step` and `motion` (detent-protocol(7); docs/strategies.md, "Steps"
/// and "Reduced motion"), through the dispatcher as a client sends them.
@Suite struct StepMotionTests {
    static let pages = "open s=a plugin=paging viewport=400 item=400 count=5"

    @Test func stepsGoOneSnapOrToAnEndAndKeepAtTheBounds() {
        var h = Harness()
        _ = h.send(Self.pages)
        #expect(h.send("step s=a to=prev") == "kept s=a index=0")
        #expect(h.send("step s=a to=first") == "kept s=a index=0")
        #expect(h.send("step s=a to=next")
            == "snap s=a index=1 x=400 mode=animate cause=step page=1 from=0 v=0 curve=spring omega=0.015707963267948967 ms=573")
        #expect(h.decide("step s=a to=last") == "snap s=a index=4 x=1600 mode=animate cause=step page=4")
        #expect(h.send("step s=a to=next") == "kept s=a index=4")
        #expect(h.send("step s=a to=last") == "kept s=a index=4")
        #expect(h.decide("step s=a to=prev") == "snap s=a index=3 x=1200 mode=animate cause=step page=3")
        #expect(h.decide("step s=a to=first") == "snap s=a index=0 x=0 mode=animate cause=step page=0")
        #expect(h.send("step s=a to=up")?.hasPrefix(#"error code=bad-value s=a msg="to: \"up\" is not one of next, prev, first, last""#) == true)
        #expect(h.send("step s=a")?.hasPrefix("error code=missing-key") == true)
    }

    /// With `t`, a motion under way steps on from its target; its curve
    /// says where the content is: 50 ms into the first spring.
    @Test func aStepDuringAMotionGoesOnFromItsTarget() {
        var h = Harness()
        _ = h.send(Self.pages)
        _ = h.send("step s=a to=next t=100")
        let reply = h.send("step s=a to=next t=150") ?? ""
        #expect(reply.hasPrefix("snap s=a index=2 x=800 mode=animate cause=step page=2 from=74.38756162548"))
        // x says where the content is drawn; without t it is at rest.
        #expect(h.send("step s=a to=prev x=790")?.hasPrefix("snap s=a index=1 x=400 mode=animate cause=step page=1 from=790 ") == true)
    }

    @Test func aLoopStepsAroundAndEachEngineMovesItsOwnWay() {
        var h = Harness()
        _ = h.send("open s=c plugin=carousel viewport=300 item=200 count=4 loop=1")
        #expect(h.decide("step s=c to=prev") == "snap s=c index=3 x=150 mode=animate cause=step jump=950")
        #expect(h.decide("step s=c to=next") == "snap s=c index=0 x=1150 mode=animate cause=step jump=350")
        _ = h.send("open s=q plugin=qt-swipeview viewport=400 item=400 count=3")
        #expect(h.send("step s=q to=next") == "snap s=q index=1 x=400 mode=animate cause=step from=0 v=0 curve=ease ms=250")
        _ = h.send("open s=w plugin=adwaita viewport=400 item=400 count=3")
        #expect(h.send("step s=w to=last") == "snap s=w index=2 x=800 mode=animate cause=step from=0 v=0 curve=spring omega=0.03162277660168379 ms=317")
    }

    /// Reduced motion changes the motion only: the same bytes up to it
    /// (the client says where it draws the content, as it does: a motion
    /// drawn at once has the content elsewhere than a curve would).
    @Test func reducedMotionDrawsEveryDecisionAtOnce() {
        let requests = ["step s=a to=next", "begin s=a x=400 t=0", "move s=a x=350 t=10", "end s=a x=300 t=20",
                        "goto s=a index=4", "cancel s=a", "wheel s=a dx=-1 dy=0 t=30", "scroll s=a dx=0 dy=0 t=40 phase=begin x=1200",
                        "scroll s=a dx=-120 dy=0 t=50", "scroll s=a dx=0 dy=0 t=60 phase=end"]
        var full = Harness(), reduced = Harness()
        _ = full.send(Self.pages)
        _ = reduced.send(Self.pages + " motion=reduced")
        for line in requests {
            let a = full.send(line) ?? "", b = reduced.send(line) ?? ""
            if a.hasPrefix("snap ") {
                #expect(DecisionText.withoutMotion(a) == DecisionText.withoutMotion(b), "\(line)")
                let from = a.split(separator: " ").first { $0.hasPrefix("from=") } ?? ""
                #expect(b.hasSuffix(" \(from) v=0 curve=none ms=0"), "\(line): \(b)")
            } else {
                #expect(a == b, "\(line): a drag and a touchpad are drawn as always")
            }
        }
    }

    @Test func layoutChangesTheMotionOnlyWhenItSaysSo() {
        var h = Harness()
        _ = h.send(Self.pages + " motion=reduced")
        _ = h.send("layout s=a viewport=400 item=400 count=5")
        #expect(h.send("step s=a to=next")?.hasSuffix("curve=none ms=0") == true)
        _ = h.send("layout s=a viewport=400 item=400 count=5 motion=full")
        #expect(h.send("step s=a to=next")?.hasSuffix("curve=spring omega=0.015707963267948967 ms=573") == true)
        // An invalid layout changes nothing, its motion included.
        #expect(h.send("layout s=a viewport=400 item=400 count=5 index=9 motion=reduced")?.hasPrefix("error code=bad-value") == true)
        #expect(h.send("step s=a to=next")?.hasSuffix("ms=573") == true)
        #expect(h.send("open s=z viewport=400 item=400 count=3 motion=slow")
            == #"error code=bad-value s=z msg="motion: \"slow\" is not one of full, reduced""#)
    }

    @Test func theConfigSaysTheSessionsDefault() throws {
        var h = try Harness(json: #"{"motion":"reduced","plugins":[{"name":"p","strategy":"paging"}]}"#)
        _ = h.send("open s=a viewport=400 item=400 count=5")
        #expect(h.send("step s=a to=next") == "snap s=a index=1 x=400 mode=animate cause=step page=1 from=0 v=0 curve=none ms=0")
        _ = h.send("open s=b viewport=400 item=400 count=5 motion=full")
        #expect(h.send("step s=b to=next")?.hasSuffix("ms=573") == true)
        #expect(h.server.config.summary(source: "test.json", socket: "/s").contains("motion: reduced"))
        #expect(throws: ConfigError.self) {
            _ = try ConfigLoader.load(Array(#"{"motion":"none","plugins":[{"name":"p","strategy":"paging"}]}"#.utf8),
                                      file: "test.json", directory: nil)
        }
    }

    @Test func theJSONEncodingSaysTheSame() {
        var h = Harness()
        _ = h.send(#"{"op":"open","s":"a","plugin":"paging","viewport":400,"item":400,"count":5,"motion":"reduced"}"#)
        #expect(h.send(#"{"op":"step","s":"a","to":"next","id":3}"#)
            == #"{"op":"snap","s":"a","id":3,"index":1,"x":400,"mode":"animate","cause":"step","page":1,"from":0,"v":0,"curve":"none","ms":0}"#)
        #expect(h.send(#"{"op":"step","s":"a","to":"first"}"#) == #"{"op":"snap","s":"a","index":0,"x":0,"mode":"animate","cause":"step","page":0,"from":400,"v":0,"curve":"none","ms":0}"#)
        #expect(h.send(#"{"op":"step","s":"a","to":"prev"}"#) == #"{"op":"kept","s":"a","index":0}"#)
    }

    /// Every engine's own motion, a loop's jump and an autoplay push keep
    /// their bytes under reduced motion too.
    @Test func reducedMotionKeepsEveryEnginesDecision() {
        for (plugin, geometry) in [("qt-swipeview", "viewport=400 item=400 count=4"), ("adwaita", "viewport=400 item=400 count=4"),
                                   ("carousel", "viewport=300 item=200 count=4 loop=1")] {
            var full = Harness(), reduced = Harness()
            _ = full.send("open s=a plugin=\(plugin) \(geometry)")
            _ = reduced.send("open s=a plugin=\(plugin) \(geometry) motion=reduced")
            for line in ["step s=a to=prev", "step s=a to=next", "begin s=a x=400 t=0", "move s=a x=300 t=20",
                         "end s=a x=200 t=40", "wheel s=a dx=1 dy=0 t=2000 x=400", "goto s=a index=3"] {
                let a = full.send(line) ?? "", b = reduced.send(line) ?? ""
                guard a.hasPrefix("snap ") else {
                    #expect(a == b, "\(plugin) \(line)")
                    continue
                }
                // Everything before the motion group, byte for byte.
                #expect(a.components(separatedBy: " from=")[0] == b.components(separatedBy: " from=")[0], "\(plugin) \(line)")
                #expect(b.hasSuffix(" v=0 curve=none ms=0"), "\(plugin) \(line): \(b)")
            }
            let push = reduced.autoplayStep("a")
            if plugin == "carousel" { #expect(push != nil && reduced.send("ping") == "pong", "the carousel's autoplay") }
        }
    }

    /// A step with x but no t, drawn before a loop's jump, counts from the
    /// real snap a period on: 100 pt forward, not four items the other way.
    @Test func aStepWithXButNoTInALoopGoesTheShortWay() {
        var h = Harness()
        _ = h.send("open s=c plugin=carousel viewport=300 item=200 count=4 loop=1")
        _ = h.send("autoplay s=c every=0")
        _ = h.send("step s=c to=prev")
        let reply = h.send("step s=c to=next x=250") ?? ""
        #expect(reply.hasPrefix("snap s=c index=0 x=1150 mode=animate cause=step jump=350 from=1050 "), "\(reply)")
    }
}
