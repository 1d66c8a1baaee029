#if canImport(Glibc)
import Glibc
#endif
import Testing
@testable import DetentCore

/// The css-snap core's rules against the numbers of Tests/CssSnap/FACTS.md
/// (Chromium 156, measured). The fixtures' replay: CssSnapReplayTests.
@Suite struct CssSnapCoreTests {
    static let pages = CssSnapPoints([0, 300, 600, 900, 1200, 1500])!
    static let centred = CssSnapPoints([0, 190, 430, 670, 910, 1100])!
    static let padding = CssSnapPoints([0, 210, 450, 690, 930, 1170, 1380])!
    static let stops = CssSnapPoints((0...10).map { Double($0) * 150 }, stops: [2, 5])!

    /// x(s) = u by 200 bisections, then y(s): the curve without Chromium's shortcuts.
    static func reference(_ b: CubicBezier, _ u: Double) -> Double {
        func bern(_ p1: Double, _ p2: Double, _ s: Double) -> Double {
            3 * (1 - s) * (1 - s) * s * p1 + 3 * (1 - s) * s * s * p2 + s * s * s
        }
        var lo = 0.0, hi = 1.0
        for _ in 0..<200 {
            let s = (lo + hi) / 2
            if bern(b.p1x, b.p2x, s) < u { lo = s } else { hi = s }
        }
        return bern(b.p1y, b.p2y, (lo + hi) / 2)
    }

    @Test func theBezierSolvesAsTheCurveIs() {
        let curves: [CubicBezier] = [.easeInOut, .programmatic, CubicBezier(0.42, -4.49, 0.58, 1),
                                     CubicBezier(0.25, 0, 0, 1), CubicBezier(0.42, 420, 0.58, 1)]
        for b in curves {
            #expect(b.value(0) == 0)
            #expect(b.value(1) == 1)
            for i in 1..<100 {
                let u = Double(i) / 100
                // Chromium's epsilon is in x: y can be off by it times the slope.
                let tolerance = 1e-7 * max(1, abs(b.slope(u))) * 4
                #expect(abs(b.value(u) - Self.reference(b, u)) <= tolerance, "\(b.p1y) at \(u)")
            }
        }
        #expect(abs(CubicBezier.easeInOut.value(0.5) - 0.5) < 1e-9)
        // chromium_model.py's values (bisection): 0.129162, 0.407333.
        #expect(abs(CubicBezier.easeInOut.value(0.25) - 0.129161930735705) < 1e-6)
        #expect(abs(CubicBezier.programmatic.value(0.25) - 0.4073334070875433) < 1e-6)
    }

    @Test func theBezierExtendsWithItsEndGradients() {
        #expect(CubicBezier.easeInOut.value(-0.5) == 0)  // p1y 0: a flat start
        #expect(CubicBezier(0.5, 1, 0.5, 1).value(-0.5) == -1)  // p1y / p1x = 2
        #expect(CubicBezier(0.5, 0, 0.5, 0.5).value(1.5) == 1.5)  // (0.5 - 1) / (0.5 - 1) = 1
        #expect(CubicBezier.easeInOut.slope(0) == 0)
        #expect(abs(CubicBezier(0.42, -4.49, 0.58, 1).slope(0) - (-4.49 / 0.42)) < 1e-9)
    }

    @Test func theWheelDurationRampsFrom12To6Frames() {
        #expect(abs(CssSnapDuration.inverseDelta(120) - 200) < 1e-9)
        #expect(abs(CssSnapDuration.inverseDelta(-30) - 200) < 1e-9)
        #expect(abs(CssSnapDuration.inverseDelta(480) - 100) < 1e-9)
        #expect(abs(CssSnapDuration.inverseDelta(1000) - 100) < 1e-9)
        #expect(abs(CssSnapDuration.inverseDelta(300) - 150) < 1e-9)  // 14 - 300/60 = 9 frames
        #expect(abs(CssSnapDuration.inverseDelta(180) - 1100.0 / 6) < 1e-9)  // FACTS: 183 measured
        #expect(abs(CssSnapDuration.inverseDelta(120, delayedBy: 8) - 192) < 1e-9)  // FACTS: 192 +- 4
        #expect(CssSnapDuration.inverseDelta(120, delayedBy: 500) == 0)
    }

    @Test func programmaticDurationIsSqrtFramesCappedAt1500() {
        #expect(abs(CssSnapDuration.deltaBased(300) - 300.0.squareRoot() / 60 * 1000) < 1e-9)
        #expect(abs(CssSnapDuration.deltaBased(-900) - 500) < 1e-9)
        #expect(CssSnapDuration.deltaBased(90_000 * 9) == 1500)
    }

    @Test func endPositionIsTheClosestPoint() {
        #expect(Self.pages.select(.endPosition, from: 40, fractional: true) == 0)
        #expect(Self.pages.select(.endPosition, from: 200, fractional: true) == 300)
        #expect(Self.padding.select(.endPosition, from: 200, fractional: true) == 210)
        #expect(Self.centred.select(.endPosition, from: 200, fractional: true) == 190)
        #expect(Self.stops.select(.endPosition, from: 200, fractional: true) == 150)
    }

    @Test func directionIsTheClosestPointStrictlyAhead() {
        // A notch's animation ends at 120: the snap goes on to 300.
        #expect(Self.pages.select(.direction(step: 1), from: 120, fractional: true) == 300)
        #expect(Self.pages.select(.direction(step: -1), from: 420, fractional: true) == 300)
        #expect(Self.pages.select(.direction(step: 40), from: 0, fractional: false) == 300)
        // Notches ignore snap-stop: a burst of 3 ends at 360, on to 450 (past 300).
        #expect(Self.stops.select(.direction(step: 1), from: 360, fractional: true) == 450)
        // Without fractions a point less than 1 px ahead counts as reached.
        #expect(Self.stops.select(.direction(step: 40), from: 149.5, fractional: false) == 300)
        #expect(Self.stops.select(.direction(step: 40), from: 149.5, fractional: true) == 150)
        // Nothing ahead: the relaxed EndPosition search.
        #expect(Self.pages.select(.direction(step: 40), from: 1500, fractional: false) == 1500)
        #expect(Self.pages.select(.direction(step: -1), from: 0, fractional: true) == 0)
    }

    @Test func endAndDirectionStopsAtTheFirstSnapStop() {
        #expect(Self.stops.select(.endAndDirection(displacement: 400), from: 0, fractional: false) == 300)
        #expect(Self.stops.select(.endAndDirection(displacement: 1000), from: 0, fractional: false) == 300)
        #expect(Self.stops.select(.endAndDirection(displacement: -400), from: 450, fractional: false) == 300)
        #expect(Self.stops.select(.endAndDirection(displacement: 200), from: 0, fractional: false) == 150)
        // From the snap-stop at 300 by 1000: the next one, 750, is closer than 1200.
        #expect(Self.stops.select(.endAndDirection(displacement: 1000), from: 300, fractional: false) == 750)
        #expect(Self.pages.select(.endAndDirection(displacement: 200), from: 0, fractional: false) == 300)
        #expect(Self.pages.select(.endAndDirection(displacement: 200), from: 163, fractional: false) == 300)
        #expect(Self.pages.select(.endAndDirection(displacement: 100), from: 0, fractional: false) == 300)
        #expect(Self.pages.select(.endAndDirection(displacement: 400), from: 1500, fractional: false) == 1500)
        // The delta rounded without fractions: 0.4 px ahead is not ahead.
        #expect(Self.pages.select(.endAndDirection(displacement: 100), from: 299.6, fractional: false) == 600)
    }

    @Test func pointsAreSortedMergedAndChecked() {
        let p = CssSnapPoints([300, 0, 300, 600], stops: [2])!
        #expect(p.points == [0, 300, 600])
        #expect(p.stops == [1])
        #expect(CssSnapPoints([]) == nil)
        #expect(CssSnapPoints([0, .nan]) == nil)
        #expect(CssSnapPoints([0, 300], stops: [2]) == nil)
    }

    @Test func aRetargetKeepsTheVelocity() {
        // FACTS.md, `pages` "notch back during snap": at 510.5 px, 1.63 px/ms,
        // the target 480: s = -10.7, a peak of 564 px 62 ms later, 480 at 200 ms.
        let seg = CssSnapSegment.retarget(from: 510.5, velocity: 1.63, at: 0, to: 480,
                                          duration: { CssSnapDuration.inverseDelta($0) })
        #expect(abs(seg.duration - 200) < 1e-9)
        #expect(abs(seg.curve.p1y / 0.42 - 1.63 * 200 / -30.5) < 1e-9)
        let peak = stride(from: 0.0, through: 200, by: 0.5).map { seg.position(at: $0) }.max()!
        #expect(abs(peak - 564.3) < 0.1)
        #expect(abs(seg.velocity(at: 0) - 1.63) < 1e-6)
        #expect(seg.position(at: 200) == 480)
    }

    @Test func aRetargetAheadIsBoundedByVelocity() {
        // 2.5 delta / velocity: 2.5 x 100 / 5 = 50 ms, under kInverseDelta's 200.
        let seg = CssSnapSegment.retarget(from: 0, velocity: 5, at: 10, to: 100,
                                          duration: { CssSnapDuration.inverseDelta($0) })
        #expect(abs(seg.duration - 50) < 1e-9)
        #expect(abs(seg.curve.p1y - 0.42 * 2.5) < 1e-9)
        let still = CssSnapSegment.retarget(from: 99.995, velocity: 1, at: 0, to: 100, duration: { _ in 200 })
        #expect(still.duration == 0)
        let running = CssSnapSegment(from: 0, to: 300, start: 0, duration: 200, curve: .easeInOut)
        #expect(running.retargeted(at: 50, to: 300, duration: { _ in 200 }) == nil)
    }

    @Test func notchesFollowTheirAnimationAndSnapOn() {
        var w = CssSnapWheel(points: Self.pages, start: 0)
        let moved = w.notch(at: 0, dx: 120)
        #expect(moved)
        w.finish()
        #expect(w.segments.count == 2)
        #expect(w.segments[1].from == 120 && w.segments[1].to == 300)
        // The notch from half a frame before its event, 192 ms (200 less the
        // input's 8); its snap 11 frames into it.
        #expect(w.segments[0].start == -25.0 / 3 && abs(w.segments[0].end - (192 - 25.0 / 3)) < 1e-9)
        #expect(abs(w.segments[1].start - (11 * 1000.0 / 60 - 25.0 / 3)) < 1e-9)
        #expect(abs(w.segments[1].duration - CssSnapDuration.inverseDelta(180)) < 1e-9)
        #expect(w.rest == 300)
        // Bursts of 3 in `stops` pass the snap-stop; at the last point nothing moves.
        var b = CssSnapWheel(points: Self.stops, start: 0)
        for t in [0.0, 30, 60] { b.notch(at: t, dx: 120) }
        b.finish()
        #expect(b.rest == 450)
        var end = CssSnapWheel(points: Self.pages, start: 1500)
        let clamped = end.notch(at: 0, dx: 120)
        #expect(!clamped)
        end.finish()
        #expect(end.segments.isEmpty && end.rest == 1500)
    }

    @Test func keysAndScrollByAreProgrammatic() {
        #expect(CssSnapProgrammatic.key(forward: true, from: 0, in: Self.stops) == 150)
        #expect(CssSnapProgrammatic.scrollBy(400, from: 0, in: Self.stops) == 300)
        let seg = CssSnapProgrammatic.segment(to: 300, from: 0, at: 5)!
        #expect(seg.curve == .programmatic && abs(seg.duration - 300.0.squareRoot() / 60 * 1000) < 1e-9)
        #expect(CssSnapProgrammatic.segment(to: 300, from: 100, at: 80, running: seg) == nil)
        #expect(CssSnapProgrammatic.segment(to: 0, from: 0, at: 0) == nil)
        let back = CssSnapProgrammatic.preciseWheel(40, from: 0, at: 0, in: Self.pages, max: 1500)!
        #expect(back.from == 40 && back.to == 0 && back.duration == 200 && back.curve == .easeInOut)
    }

    @Test func areasAlignInTheSnapportAndClip() {
        // End alignment with padding on both sides: the snapport is 300 - 20 - 40.
        let end = CssSnapPoints.fromAreas(sizes: [100, 100, 100, 100], viewport: 300, align: .end,
                                          paddingStart: 20, paddingEnd: 40)!
        #expect(end.points == [0, 40, 100])  // each end less 260: -160, -60, 40, 140, clipped to [0, 100]
        let lead = CssSnapPoints.fromAreas(sizes: [200, 200], spacing: 10, lead: 50, trail: 50, viewport: 300, align: .start)!
        #expect(lead.points == [50, 210])
        #expect(CssSnapPoints.fromAreas(sizes: [], viewport: 300, align: .start) == nil)
        #expect(CssSnapPoints.fromAreas(sizes: [100, 0], viewport: 300, align: .start) == nil)
        #expect(CssSnapPoints.fromAreas(sizes: [100], viewport: 300, align: .start, paddingStart: 300) == nil)
        #expect(CssSnapPoints.fromAreas(sizes: [100, 100], viewport: 300, align: .start, stops: [2]) == nil)
    }

    @Test func aSnapFlingGlidesGeometricallyToItsPoint() {
        // 300 px: ceil(-ln(1 + 300 (1/0.92 - 1)) / -ln 0.92) = 40 frames,
        // first delta 300 x 0.08 / (1 - 0.92^40) = 24.886 px.
        let f = CssSnapFling(from: 0, to: 300)
        #expect(f.frames == 40)
        #expect(abs(f.firstDelta - 24.886072918373085) < 1e-9)
        #expect(abs(f.distance(at: 0) - f.firstDelta) < 1e-9)
        #expect(abs(f.distance(at: 100) - 141.12318719275467) < 1e-9)
        #expect(abs(f.distance(at: 39 * 16) - 300) < 1e-9)
        #expect(f.durationMs == 640 && f.position(at: 640) == 300)
        // Each frame's delta is 0.92 of the last.
        let d1 = f.distance(at: 16) - f.distance(at: 0), d2 = f.distance(at: 32) - f.distance(at: 16)
        #expect(abs(d2 / d1 - 0.92) < 1e-12)
        #expect(!f.isFinished(at: 400) && f.isFinished(at: 39 * 16))
        let back = CssSnapFling(from: 1500, to: 0)
        #expect(back.frames == 59 && back.position(at: 100) < 1500 - 685 && back.position(at: 100) > 1500 - 686)
        #expect(CssSnapFling(from: 5, to: 5).durationMs == 0)
        // The snap point: EndAndDirection by 25 first deltas, snap-stop respected.
        #expect(CssSnapFling.target(firstDelta: 20, from: 0, in: Self.stops) == 300)
        #expect(CssSnapFling.target(firstDelta: 4, from: 0, in: Self.stops) == 150)
        #expect(CssSnapFling.target(firstDelta: -20, from: 600, in: Self.pages) == 0)
    }
}
