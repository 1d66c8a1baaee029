/// A SwipeView put on its page without moving (a session opened with
/// `index` and no `moved=1`; docs/strategies.md, "qt-swipeview", "A view
/// put on its page"): Qt 6.4.2's ListView has delegates for its page and
/// after it only, so a flick back aims at `snapPosAt`'s fallback, a whole
/// width before the page, not at a page; the ListView re-aims it in flight
/// (`QQuickListView::viewportMoved`, then `flick`'s re-evaluation), and a
/// notch before that re-evaluates it at once.
extension QtSwipe {
    /// A flick aimed at the fallback: the motion sent for it, Qt's aim
    /// and the page it re-aims at.
    struct Aimed: Sendable, Equatable {
        var motion: Motion
        var target: Double
        var page: Double
    }

    /// A flick from rest when no page before `first` has a delegate: the
    /// decision (to the page Qt ends on), and its `Aimed` when Qt aims at
    /// the fallback first (spacing > 0; with none the fallback is a page).
    /// Its motion is Qt's: the flight towards the fallback until the
    /// re-aim (`aim`), then a uniform deceleration that stops on the page
    /// at `stop`, at the speed the widget measures over its last frame (the
    /// flight's own half a frame before), then the fixup's 200 ms.
    func placedFlick(from c: Double, _ hv: Double, first: Int) -> (FollowedRelease, Aimed?)? {
        guard let target = aim(from: c, hv, first: first) else { return nil }
        let page = snapPosition(target)
        guard page != target, page != c, let toward = flight(from: c, to: target, hv), let flown = toward.motion,
              case .brake(let accel, let stop0, _) = flown.curve else {
            return flight(from: c, to: target, hv).map { ($0, nil) }
        }
        let r = reaimMs(toward, target: target)
        let at = flown.position(at: r)
        let speed = abs(flown.v) - accel * (r - Self.frameMs / 2)
        let left = (page - at) * (page > c ? 1 : -1)
        let end = (r + 2 * left / speed).rounded()
        guard r > 0, r < Double(stop0), left > 0, speed > 0, end.isFinite, end > r,
              end <= Double(Motion.maxDuration - Self.fixupMs) else {
            return flight(from: c, to: page, hv).map { ($0, nil) }
        }
        let stop = Int(end)
        let motion = Motion(from: c, to: page, v: flown.v, curve: .brake(accel: accel, stop: stop, aim: r),
                            duration: stop + Self.fixupMs)
        let flick = FollowedRelease(choice: .snap(index(of: page), .decelerate), from: c, v: motion.v, velocity: -hv / 1000,
                                    motion: motion)
        return (flick, Aimed(motion: motion, target: target, page: page))
    }

    /// Whether the frame that drew the content at `drawn` re-aimed the
    /// flick: it is within W/2 of its aim, or of the bound it heads for.
    func hasReaimed(_ aimed: Aimed, drawn: Double) -> Bool {
        let back = aimed.target < aimed.motion.from
        let ahead = back ? drawn - aimed.target : aimed.target - drawn
        return ahead < w / 2 || (back ? drawn < w / 2 : maxOffset - drawn < w / 2)
    }

    /// When the ListView re-aims the flick toward `target`: at the first
    /// frame within W/2 of its target (or of the bound it heads for); the
    /// instant it gets there plus half a 60 Hz frame, the frame's mean.
    func reaimMs(_ toward: FollowedRelease, target: Double) -> Double {
        guard let motion = toward.motion, case .brake(let accel, _, _) = motion.curve else { return 0 }
        let c = motion.from
        let back = target < c
        // The run after which it is within W/2 of the target, or of the bound.
        let need = min(abs(target - c) - w / 2, back ? c - w / 2 : maxOffset - w / 2 - c)
        let v0 = abs(motion.v)
        let reach = v0 * v0 - 2 * accel * need
        let t = need <= 0 ? 0 : reach < 0 ? Double(motion.duration) : (v0 - reach.squareRoot()) / accel
        return t + Self.frameMs / 2
    }

    /// A frame at 60 Hz, ms.
    static let frameMs = 1000.0 / 60

    /// A notch while an `Aimed` flick runs, before a frame re-aimed it:
    /// Qt re-evaluates the target (now the page). Behind the notch's way
    /// (`hv`, Qt's sign), the fixup where the content is; else a uniform
    /// deceleration from `c` at the notch's velocity (at most 4W) that stops
    /// on the page (`QQuickTimeLine::accelDistance`), then the fixup.
    func reaimed(_ aimed: Aimed, from c: Double, _ hv: Double, pressX: Double) -> FollowedRelease {
        let page = aimed.page
        if hv == 0 || page == c || (hv > 0) == (page > c) {
            var swipe = self
            swipe.pressX = pressX
            return swipe.fixup(from: c, mean: hv)
        }
        let v = min(abs(hv), 4 * w)
        let distance = abs(page - c)
        let length = 1000 * (2 * distance) / v
        let motion: Motion
        if length.isFinite, length >= 1, length <= Double(Motion.maxDuration - Self.fixupMs) {
            let stop = Int(length)
            let sign = page > c ? 1.0 : -1.0
            motion = Motion(from: c, to: page, v: sign * v / 1000, curve: .brake(accel: v / 1000 / Double(stop), stop: stop),
                            duration: stop + Self.fixupMs)
        } else {
            motion = Motion(from: c, to: page, v: 0, curve: .ease, duration: Self.fixupMs)
        }
        return FollowedRelease(choice: .snap(index(of: page), .decelerate), from: c, v: motion.v, velocity: -hv / 1000, motion: motion)
    }
}
