import Testing
@testable import DetentCore

/// `curve=bezier` and `curve=path` (detent-protocol(7), "Motion"): drawn
/// from their fields alone, and written as the description says.
@Suite struct BezierMotionTests {
    /// cubic-bezier(0.25, 0.25, 0.75, 0.75) is the line: pos is linear in t
    /// over the whole ms nearest the span.
    @Test func aBezierDrawsItsCurveOverItsWholeMs() {
        let line = Motion.bezier(from: 100, to: 400, CubicBezier(0.25, 0.25, 0.75, 0.75), span: 200.4)
        #expect(line.duration == 200)
        #expect(abs(line.v - 300 / 200) < 1e-9)
        #expect(line.position(at: -5) == 100)
        #expect(abs(line.position(at: 50) - 175) < 1e-6)
        #expect(line.position(at: 199.9) < 400)
        #expect(line.position(at: 200) == 400)
        // CSS ease-in-out: symmetric, half way at half the span, slow at both ends.
        let ease = Motion.bezier(from: 0, to: 300, .easeInOut, span: 200)
        #expect(ease.v == 0)
        #expect(abs(ease.position(at: 100) - 150) < 1e-6)
        #expect(ease.position(at: 20) < 300 * 0.1 * 0.5)
        #expect(abs(ease.position(at: 20) + ease.position(at: 180) - 300) < 1e-6)
    }

    /// The last segment that has started draws; a later one may start
    /// before the one before it ends (a retarget).
    @Test func aPathDrawsTheLastStartedSegment() {
        let linear = CubicBezier(0.25, 0.25, 0.75, 0.75)
        let path = Motion.path([
            CssSnapSegment(from: 0, to: 120, start: 0, duration: 200, curve: .easeInOut),
            CssSnapSegment(from: 100, to: 300, start: 150, duration: 100, curve: linear),
        ])
        #expect(path.from == 0 && path.to == 300 && path.duration == 250 && path.v == 0)
        #expect(path.position(at: -1) == 0)
        #expect(abs(path.position(at: 100) - 60) < 1e-6)
        #expect(path.position(at: 150) == 100)
        #expect(abs(path.position(at: 200) - 200) < 1e-6)
        #expect(path.position(at: 250) == 300)
        #expect(path.position(at: 900) == 300)
        // A path that starts late holds its first from until then.
        let late = Motion.path([CssSnapSegment(from: 10, to: 20, start: 16.5, duration: 10, curve: linear)])
        #expect(late.position(at: 5) == 10 && late.duration == 27)
    }

    @Test func bothAreWrittenWithTheirFields() {
        let bezier = Decision(index: 1, x: 300, mode: .animate, cause: .scrollby,
                              motion: .bezier(from: 0, to: 300, .programmatic, span: 288.5))
        #expect(Replies.pushed(bezier, session: "a", encoding: .text)
            == "snap s=a index=1 x=300 mode=animate cause=scrollby from=0 v=0 curve=bezier p1x=0.4 p1y=0 p2x=0 p2y=1 ms=289\n")
        let path = Decision(index: 1, x: 300, mode: .animate, cause: .wheel, motion: .path([
            CssSnapSegment(from: 0, to: 120, start: 0, duration: 200, curve: .easeInOut),
            CssSnapSegment(from: 120, to: 300, start: 200, duration: 183.5, curve: .easeInOut),
        ]))
        #expect(Replies.pushed(path, session: "a", encoding: .text)
            == "snap s=a index=1 x=300 mode=animate cause=wheel from=0 v=0 curve=path path=0/200/0/120/0.42/0/0.58/1,200/183.5/120/300/0.42/0/0.58/1 ms=384\n")
        #expect(Replies.pushed(path, session: "a", encoding: .json).contains(
            #""curve":"path","path":["0/200/0/120/0.42/0/0.58/1","200/183.5/120/300/0.42/0/0.58/1"],"ms":384"#))
    }
}
