import Testing
@testable import DetentCore
import DetentTestSupport

/// `css-snap`'s touch (`begin`/`move`/`end`) and touchpad fling, from the
/// numbers of Chromium's source (synthetic touch does not scroll in the
/// Chromium here: Tests/CssSnap/FACTS.md). The expected numbers were worked
/// out apart from the code (a Python transcription of the same rules):
/// the velocity (ui/events/gesture_detection/velocity_tracker.cc, LSQ2; the
/// touchpad's ui/ozone/platform/wayland/host/wayland_event_source.cc,
/// `ComputeFlingVelocity`), the fling's first delta
/// (ui/events/gestures/physics_based_fling_curve.cc, started by
/// content/browser/renderer_host/input/fling_controller.cc), its natural
/// displacement (x 25) and the snap fling curve (cc/input/snap_fling_curve.cc).
@Suite struct CssSnapTouchTests {
    static let config = #"{"plugins":[{"name":"css","strategy":"css-snap"}]}"#
    static let pages = "open s=p plugin=css viewport=300 points=0,300,600,900,1200,1500"
    static let stops = "open s=s plugin=css viewport=300 points=0,150,300,450,600,750,900,1050,1200,1350,1500 snapstop=2,5"

    static func harness() -> Harness {
        // swiftlint:disable:next force_try
        try! Harness(json: config)
    }

    /// The content at `x` after a finger from 0 moving at `speed` px/ms,
    /// sampled every `every` ms up to `until`: the `moved` replies' x.
    static func drag(_ h: inout Harness, s: String, speed: Double, every: Int = 8, until: Int = 80) -> String? {
        _ = h.send("begin s=\(s) x=0 t=0")
        var last: String?
        for t in stride(from: every, through: until, by: every) {
            last = h.send("move s=\(s) x=\(NumberFormat.string(speed * Double(t))) t=\(t)")
        }
        return last
    }

    /// A reply's `key=` field.
    static func field(_ reply: String?, _ key: String) -> String? {
        reply?.split(separator: " ").first { $0.hasPrefix(key + "=") }.map { String($0.dropFirst(key.count + 1)) }
    }

    /// A path's segments as numbers (at, span, from, to, p1x, p1y, p2x, p2y).
    static func segments(_ reply: String?) -> [[Double]] {
        (field(reply, "path") ?? "").split(separator: ",").map { $0.split(separator: "/").compactMap { Double(String($0)) } }
    }

    /// The content follows the finger by its deltas, clamped to the scroll
    /// range: no rubber band, and back from past an end at once.
    @Test func theContentFollowsTheFingerClampedWithoutARubberBand() {
        var h = Self.harness()
        _ = h.send(Self.pages)
        _ = h.send("begin s=p x=0 t=0")
        #expect(h.send("move s=p x=-50 t=16") == "moved s=p x=0")
        #expect(h.send("move s=p x=-20 t=32") == "moved s=p x=30")
        #expect(h.send("move s=p x=100 t=48") == "moved s=p x=150")
    }

    /// 2 px/ms for 80 ms (LSQ2: 2000 px/s), lifted 8 ms after the last move:
    /// the fling's first delta is 15.86 px, its natural displacement 396.5,
    /// EndAndDirection from 160 takes 600; the snap fling glides 440 px in
    /// 45 frames, 36.05 px the first (in by the first 16 ms), reaching 600
    /// at 45 x 16 = 720 ms.
    @Test func aFlingIsEndAndDirectionAlongTheSnapFlingCurve() throws {
        var h = Self.harness()
        _ = h.send(Self.pages)
        #expect(Self.drag(&h, s: "p", speed: 2) == "moved s=p x=160")
        let reply = h.send("end s=p x=160 t=88")
        #expect(DecisionText.withoutMotion(reply ?? "") == "snap s=p index=2 x=600 mode=animate cause=release")
        #expect(Self.field(reply, "from") == "160")
        #expect(Self.field(reply, "curve") == "path")
        #expect(Self.field(reply, "ms") == "720")
        let path = Self.segments(reply)
        let first = try #require(path.first), last = try #require(path.last)
        #expect(first[0] == 0 && first[2] == 160)
        #expect(last[3] == 600 && last[0] + last[1] == 720, "\(last)")
        let motion = Motion.path(path.map { CssSnapSegment(from: $0[2], to: $0[3], start: $0[0], duration: $0[1],
                                                            curve: CubicBezier($0[4], $0[5], $0[6], $0[7])) })
        // The first frame's 36.05 px at 16 ms; at 168 ms (ten frames and a
        // half more) 160 + 36.05 (1 - 0.92^10.5) / 0.08: between frames too.
        #expect(abs(motion.position(at: 16) - 196.0459) < 0.05)
        #expect(abs(motion.position(at: 168) - 422.8417) < 0.05)
    }

    /// A slow fling still goes on to the next point that way (0.5 px/ms:
    /// first delta 3.87 px, x 25 = 96.6 from 40 takes 300), where the
    /// closest point would be 0; held still 80 ms or more before the lift,
    /// the tracker forgets its samples: no fling, EndPosition.
    @Test func aSlowFlingTakesTheNextPointAHeldReleaseTheClosest() {
        var h = Self.harness()
        _ = h.send(Self.pages)
        _ = Self.drag(&h, s: "p", speed: 0.5)
        #expect(h.decide("end s=p x=40 t=88") == "snap s=p index=1 x=300 mode=animate cause=release")
        _ = h.send(Self.pages.replacingOccurrences(of: "s=p", with: "s=q"))
        _ = Self.drag(&h, s: "q", speed: 0.5)
        #expect(h.send("end s=q x=40 t=160")
            == "snap s=q index=0 x=0 mode=animate cause=release from=40 v=0 curve=bezier p1x=0.42 p1y=0 p2x=0.58 p2y=1 ms=200")
    }

    /// A client's `v` is the fling's velocity: 30 px/s or less is no fling
    /// (GestureDetector's min_fling_velocity), more is one.
    @Test func theClientsVelocityAndTheFlingThreshold() {
        var h = Self.harness()
        _ = h.send(Self.pages)
        _ = Self.drag(&h, s: "p", speed: 0.5)
        #expect(h.decide("end s=p x=40 v=0.03 t=88") == "snap s=p index=0 x=0 mode=animate cause=release")
        _ = h.send(Self.pages.replacingOccurrences(of: "s=p", with: "s=q"))
        _ = Self.drag(&h, s: "q", speed: 0.5)
        #expect(h.decide("end s=q x=40 v=0.04 t=88") == "snap s=q index=1 x=300 mode=animate cause=release")
    }

    /// 10 px/ms: the fling's distance is bounded (3 viewports: 900 px), its
    /// first delta 62.9 px, x 25 = 1572.5 from 160; with `scroll-snap-stop`
    /// on 300 the fling stops there, without it at 1500.
    @Test func aFastFlingStopsAtASnapStop() {
        var h = Self.harness()
        _ = h.send(Self.stops)
        _ = Self.drag(&h, s: "s", speed: 10, every: 2, until: 16)
        #expect(h.decide("end s=s x=160 t=24") == "snap s=s index=2 x=300 mode=animate cause=release")
        _ = h.send("open s=u plugin=css viewport=300 points=0,150,300,450,600,750,900,1050,1200,1350,1500")
        _ = Self.drag(&h, s: "u", speed: 10, every: 2, until: 16)
        #expect(h.decide("end s=u x=160 t=24") == "snap s=u index=10 x=1500 mode=animate cause=release")
    }

    /// The touchpad: three frames of 20 px 16 ms apart, stopped 8 ms after
    /// the last: Wayland's regression gives 1250 px/s, the first delta
    /// 9.86 px, x 25 = 246.5 from 60: 300 (EndPosition would be 0).
    @Test func aTouchpadFlingIsEndAndDirectionAlongTheSnapFlingCurve() {
        var h = Self.harness()
        _ = h.send(Self.pages)
        _ = h.send("scroll s=p dx=0 dy=0 t=0 phase=begin")
        for t in [16, 32, 48] { _ = h.send("scroll s=p dx=20 dy=0 t=\(t)") }
        let reply = h.send("scroll s=p dx=0 dy=0 t=56 phase=end")
        #expect(DecisionText.withoutMotion(reply ?? "") == "snap s=p index=1 x=300 mode=animate cause=scroll")
        #expect(Self.field(reply, "curve") == "path")
        #expect(Self.field(reply, "from") == "60")
    }

    /// No fling: the stop more than 200 ms after the last frame
    /// (kFlingStartTimeoutMs); one frame alone, whose velocity the source
    /// computes as delta x time (not over it: 100 px x 24 ms = 2.4 px/s),
    /// a fling too short to send a delta. Both end on the closest point.
    @Test func aTouchpadWithoutAFlingEndsOnTheClosestPoint() {
        var h = Self.harness()
        _ = h.send(Self.pages)
        _ = h.send("scroll s=p dx=0 dy=0 t=0 phase=begin")
        for t in [16, 32, 48] { _ = h.send("scroll s=p dx=20 dy=0 t=\(t)") }
        #expect(h.decide("scroll s=p dx=0 dy=0 t=300 phase=end") == "snap s=p index=0 x=0 mode=animate cause=scroll")
        _ = h.send("scroll s=p dx=0 dy=0 t=1000 phase=begin")
        _ = h.send("scroll s=p dx=100 dy=0 t=1016")
        #expect(h.decide("scroll s=p dx=0 dy=0 t=1024 phase=end") == "snap s=p index=0 x=0 mode=animate cause=scroll")
    }

    /// PhysicsBasedFlingCurve's numbers: 2 px/ms runs 755.95 px over
    /// 869.57 ms; 10 px/ms is bounded to 3 viewports (900) over 2 s. A
    /// first advance whose delta is 0.1 px or less sends nothing and the
    /// delta is lost: the next frame sends only its own; a curve that
    /// ends before any delta is no fling.
    @Test func theFlingCurvesNumbersAndItsFirstDelta() {
        let two = CssSnapFlingStart(velocity: 2, bound: 900)
        #expect(abs(two.distance - 755.9539) < 1e-3 && abs(two.durationMs - 869.5652) < 1e-3)
        #expect(abs((two.firstDelta(sinceUpdate: 8) ?? 0) - 15.8604) < 1e-3)
        let ten = CssSnapFlingStart(velocity: -10, bound: 900)
        #expect(ten.distance == -900 && ten.durationMs == 2000)
        let slow = CssSnapFlingStart(velocity: 0.5, bound: 900)
        let early = slow.offset(at: 0.1)
        #expect(early > 0 && early <= CssSnapFlingStart.minDelta)
        #expect(slow.firstDelta(sinceUpdate: 0.1) == slow.offset(at: 0.1 + 1000.0 / 60) - early)
        #expect(CssSnapFlingStart(velocity: 0.02, bound: 900).firstDelta(sinceUpdate: 8) == nil)
    }
}
