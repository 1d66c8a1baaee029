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

    /// Whether `motion` is a programmatic scroll's (a key's, `scrollBy`'s,
    /// `goto`'s, or the path of one: it ends along the programmatic curve).
    public static func isProgrammatic(_ motion: Motion) -> Bool {
        switch motion.curve {
        case .bezier(let c): return c == .programmatic
        case .path(let segments): return segments.last?.curve == .programmatic
        default: return false
        }
    }

    /// The path to `goal` from `here`, where `running` is `elapsed` ms in;
    /// nil when that is a programmatic scroll itself (the main thread's: it
    /// retargets at once) or over.
    public static func path(to goal: Double, from here: Double, running: Motion, at elapsed: Double) -> Motion? {
        guard !isProgrammatic(running), elapsed < Double(running.duration), goal != here else { return nil }
        let hold = CssSnapSegment(from: here, to: here, start: 0, duration: startMs, curve: .easeInOut)
        let curve = CssSnapSegment(from: here, to: goal, start: startMs,
                                   duration: CssSnapDuration.deltaBased(goal - here), curve: .programmatic)
        return .path([hold, curve])
    }

    /// A programmatic `running` motion from `elapsed` ms on, as a path: its
    /// segments with their times from then (the current one starting before
    /// 0); at its end with no length when it is over.
    public static func remainder(of running: Motion, at elapsed: Double) -> Motion {
        var segments: [CssSnapSegment]
        switch running.curve {
        case .bezier(let c):
            segments = [CssSnapSegment(from: running.from, to: running.to, start: 0,
                                       duration: Double(running.duration), curve: c)]
        case .path(let s): segments = s
        default: segments = []
        }
        if let current = segments.lastIndex(where: { $0.start <= elapsed }) { segments.removeFirst(current) }
        segments = segments.map { var s = $0; s.start -= elapsed; return s }
        guard elapsed < Double(running.duration), !segments.isEmpty else {
            return .path([CssSnapSegment(from: running.to, to: running.to, start: 0, duration: 0, curve: .programmatic)])
        }
        return .path(segments)
    }
}
