#if canImport(Glibc)
import Glibc
#endif

/// The exact path from where the content is to a decision's offset, so that
/// every client, in any language, moves the same way (detent-protocol(7),
/// "Motion"). Times are in ms from the start of the motion.
public struct Motion: Sendable, Equatable {
    /// The shape of the path.
    public enum Curve: Sendable, Equatable {
        /// `pos(t) = to - D * rate^t`, `D = to - from`: the momentum kept,
        /// retargeted to stop exactly at `to`.
        case decay(rate: Double)
        /// `pos(t) = to + (A + B t) e^(-omega t)`, `A = from - to`,
        /// `B = v + omega A`: a critically damped spring.
        case spring(omega: Double)
        /// `pos(t) = from + (to - from) e(t / duration)`: Qt's InOutQuad.
        case ease
        /// `pos(t) = from + v t - sign(v) accel t^2 / 2` up to `stop` ms,
        /// then an ease from there to `to` until `duration`: Qt's flick
        /// and its fixup. Re-aimed at `aim` ms (0: never): from there a
        /// uniform deceleration that stops on `to` at `stop` (Qt's flick
        /// of a view put on its page, re-aimed in flight).
        case brake(accel: Double, stop: Int, aim: Double = 0)
        /// `pos(t) = to`: drawn there at once (`motion=reduced`; on the
        /// wire `curve=none`).
        case instant
        /// `pos(t) = from + (to - from) B(t / duration)`, `B` a CSS
        /// `cubic-bezier` solved as Chromium solves it; `to` from
        /// `duration` on (whole ms: libdetent's motion has no room for a
        /// fraction, and half a ms is far inside a frame).
        case bezier(CubicBezier)
        /// Segments in time order, each its own Bézier from its `from` to
        /// its `to` over `[start, end]`: the last that has started draws
        /// (Chromium's retargeted animations, a notch then its snap).
        case path([CssSnapSegment])
    }

    /// `x0`: where the content is drawn when the motion starts.
    public var from: Double
    /// `x`: where it comes to rest.
    public var to: Double
    /// The velocity it starts with, pt/ms.
    public var v: Double
    public var curve: Curve
    /// `ms`: the first whole ms from which the content stays within half a
    /// point of `to`; the client draws `to` from then on.
    public var duration: Int

    public init(from: Double, to: Double, v: Double, curve: Curve, duration: Int) {
        self.from = from
        self.to = to
        self.v = v
        self.curve = curve
        self.duration = duration
    }

    /// The offset at `t` ms along the curve (`from` before 0). Not snapped
    /// to `to` at `duration`: that is the client's last frame.
    public func position(at t: Double) -> Double {
        let t = max(t, 0)
        switch curve {
        case .decay(let rate):
            return to - (to - from) * pow(rate, t)
        case .spring(let omega):
            let a = from - to
            let b = v + omega * a
            return to + (a + b * t) * exp(-omega * t)
        case .ease:
            return Self.eased(from: from, to: to, t, over: Double(duration))
        case .brake(let accel, let stop, let aim):
            let s = Double(stop)
            if aim > 0, aim < s {
                if t <= aim { return braked(t, accel: accel) }
                let at = braked(aim, accel: accel), span = s - aim, u = min(t, s) - aim
                let w = 2 * (to - at) / span
                return t <= s ? at + w * u - w * u * u / (2 * span) : to
            }
            if t <= s { return braked(t, accel: accel) }
            return Self.eased(from: braked(s, accel: accel), to: to, t - s, over: Double(duration) - s)
        case .instant:
            return to
        case .bezier(let b):
            let span = Double(duration)
            guard span > 0, t < span else { return to }
            return from + (to - from) * b.value(t / span)
        case .path(let segments):
            guard let current = segments.last(where: { $0.start <= t }) else { return segments.first?.from ?? from }
            return current.position(at: t)
        }
    }

    /// A Bézier motion over `span` ms, rounded to the nearest whole ms.
    public static func bezier(from: Double, to: Double, _ curve: CubicBezier, span: Double) -> Motion {
        let ms = span.isFinite ? Int(min(max(span, 0), 1e9).rounded()) : 0
        return Motion(from: from, to: to, v: ms > 0 ? curve.slope(0) * (to - from) / Double(ms) : 0,
                      curve: .bezier(curve), duration: ms)
    }

    /// A path of segments (none empty: at least one); `to` the last's.
    public static func path(_ segments: [CssSnapSegment]) -> Motion {
        let first = segments[0], last = segments[segments.count - 1]
        return Motion(from: first.from, to: last.to, v: first.velocity(at: first.start), curve: .path(segments),
                      duration: Int(max(last.end, 0).rounded(.up)))
    }

    /// The same decision drawn at once: `from` kept, nothing moves.
    public var reduced: Motion { Motion(from: from, to: to, v: 0, curve: .instant, duration: 0) }

    /// The deceleration of `brake` at `t`.
    private func braked(_ t: Double, accel: Double) -> Double {
        from + v * t - (v > 0 ? accel : v < 0 ? -accel : 0) * t * t / 2
    }

    /// Qt's InOutQuad from `from` to `to` over `length` ms, at `t`.
    static func eased(from: Double, to: Double, _ t: Double, over length: Double) -> Double {
        guard t > 0 else { return from }
        guard length > 0, t < length else { return to }
        let p = t / length
        let e = p < 0.5 ? 2 * p * p : 1 - (2 - 2 * p) * (2 - 2 * p) / 2
        return from + (to - from) * e
    }

    /// How far from `to` the content is at `t`.
    func distance(at t: Double) -> Double {
        abs(position(at: t) - to)
    }
}
