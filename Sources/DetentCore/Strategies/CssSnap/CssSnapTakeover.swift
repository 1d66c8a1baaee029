/// A key or `scrollBy` while a wheel's, touchpad's or touch's animation
/// runs: that animation is the compositor's (cc's), the programmatic scroll
/// the main thread's, which takes it over late. Measured on the 4 keys
/// during a precise wheel's snap (Tests/CssSnap/FACTS.md): the snap stops
/// where it is about the key's time and the key's curve starts from there
/// 11 to 33 ms after the key (once a frame, mostly two). Drawn as a path:
/// held where the content is, then the programmatic curve.
public enum CssSnapTakeover {
    /// From the call to the programmatic curve's start, ms: a frame and a
    /// half (the replay agrees on all 4 with 1.25 or 1.5, on 3 with 1 or 2).
    public static let startMs = 1500.0 / 60

    /// The path to `goal` from `here`, where `running` is `elapsed` ms in;
    /// nil when that is a programmatic scroll itself (the main thread's: it
    /// retargets at once) or over.
    public static func path(to goal: Double, from here: Double, running: Motion, at elapsed: Double) -> Motion? {
        if case .bezier(.programmatic) = running.curve { return nil }
        guard elapsed < Double(running.duration), goal != here else { return nil }
        let hold = CssSnapSegment(from: here, to: here, start: 0, duration: startMs, curve: .easeInOut)
        let curve = CssSnapSegment(from: here, to: goal, start: startMs,
                                   duration: CssSnapDuration.deltaBased(goal - here), curve: .programmatic)
        return .path([hold, curve])
    }

    /// A programmatic `running` motion from `elapsed` ms on, as a path (its
    /// Bézier cut there); nil when it is over.
    public static func remainder(of running: Motion, at elapsed: Double) -> Motion? {
        guard case .bezier(let c) = running.curve, elapsed < Double(running.duration) else { return nil }
        var rest = CssSnapSegment(from: running.from, to: running.to, start: 0, duration: Double(running.duration),
                                  curve: c).cut(at: max(elapsed, 0))
        rest.start = 0
        rest.duration = Double(running.duration) - max(elapsed, 0)
        return .path([rest])
    }
}
