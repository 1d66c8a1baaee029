/// The wheel and the touchpad on libadwaita 1.2.2's `AdwCarousel`
/// (docs/strategies.md, "adwaita", "Wheel and touchpad"). The wheel is the
/// carousel's own `scroll_cb`: one page per accepted click, then a lock.
/// The touchpad is `AdwSwipeTracker`'s scroll path: a drag whose pages are
/// 400 touchpad points (300 vertically) long, kept in the drag's state
/// (`AdwaitaSwipe`: bounds, history, velocity, projection) and ended with
/// the touchpad's threshold and deceleration.
struct AdwaitaScroll: ScrollFollower {
    /// `SCROLL_TIMEOUT_DURATION`: after an accepted click, clicks change
    /// nothing for this many ms.
    static let lockMs = 150.0
    /// `TOUCHPAD_BASE_DISTANCE_H` and `_V`: touchpad points per page.
    static let touchpadPageX = 400.0
    static let touchpadPageY = 300.0
    /// `VELOCITY_THRESHOLD_TOUCHPAD` and `DECELERATION_TOUCHPAD` (a
    /// finger's are 0.3 and 0.998).
    static let touchpadThreshold = 0.6
    static let touchpadDeceleration = 0.997

    let axis: Axis
    let allowScrollWheel: Bool
    /// Touchpad points per page along `axis`.
    let touchpadPage: Double
    /// The last accepted click's `t`: the lock runs from it.
    var accepted: Double?
    /// The tracker's touchpad gesture, in a drag's state.
    var tracker: AdwaitaSwipe
    /// The tracker is scrolling (else at rest: the next event prepares).
    var tracking = false
    /// An event of this gesture was cancelled at an end page.
    var refused = false

    /// `distance`: one page in points, `item + spacing`.
    init(layout: Layout, distance: Double, allowLongSwipes: Bool, allowScrollWheel: Bool) {
        axis = layout.geometry.axis
        self.allowScrollWheel = allowScrollWheel
        touchpadPage = axis == .x ? Self.touchpadPageX : Self.touchpadPageY
        tracker = AdwaitaSwipe(distance: distance, last: layout.snaps.count - 1, allowLongSwipes: allowLongSwipes)
        tracker.minimumVelocity = Self.touchpadThreshold
        tracker.releaseSlope = Self.touchpadDeceleration / (1 - Self.touchpadDeceleration) / 1000
    }

    // MARK: The wheel

    /// `scroll_cb`: the page nearest the drawn position (the lower on a
    /// tie), one on in the click's direction, clamped to the pages; the
    /// spring starts again from the drawn position at rest.
    mutating func wheel(_ event: ScrollInput, view: ScrollView) -> FollowedRelease? {
        guard allowScrollWheel else { return nil }
        // The lock is a GLib timeout of 150 ms from the accepted click; its
        // source is ready once the clock has reached start + 150 ms, so a
        // click 150 ms on finds it gone: `<`, not `<=`.
        if let accepted, event.t - accepted < Self.lockMs { return nil }
        let step = Self.clickStep(event, axis: axis)
        guard step != 0 else { return nil }
        let (distance, last) = (tracker.distance, tracker.last)
        let k = min(max(AdwaitaSwipe.closest(view.drawn / distance, last: last) + step, 0), last)
        accepted = event.t
        // Every accepted click is `scroll_to`: a decision. Outward at an end
        // page it springs to where the content is, an animation of no
        // length (`AdwaitaSpring.duration` 0: from = x, ms=0) whose end
        // still emits page-changed (the next frame, 0-14 ms on); while it
        // still springs there, the click restarts the spring at rest.
        return FollowedRelease(choice: .snap(k, .animate), from: view.drawn, v: 0, velocity: 0)
    }

    /// The click's direction, 1, -1 or 0: only signs count. A vertical
    /// carousel reads `dy` alone; a horizontal one `dx`, but a mouse's `dy`
    /// first (mice seldom scroll sideways), `dx` only when `dy` gave nothing.
    static func clickStep(_ event: ScrollInput, axis: Axis) -> Int {
        func sign(_ d: Double) -> Int { d > 0 ? 1 : d < 0 ? -1 : 0 }
        var step = axis == .y || event.source == .mouse ? sign(event.dy) : 0
        if axis == .x, step == 0 { step = sign(event.dx) }
        return step
    }

    // MARK: The touchpad

    /// GTK's scroll-begin hands the tracker the gesture's first event, and
    /// its scroll signal hands it again (the update the client sends next):
    /// the first delta moves the content twice. A begin with no deltas is
    /// a touchpad hold's scroll-begin: no scroll event, the tracker waits.
    mutating func scrollBegin(_ event: ScrollInput, view: ScrollView) -> Double {
        tracking = false
        refused = false
        guard event.dx != 0 || event.dy != 0 else { return view.drawn }
        return handle(event.delta(along: axis), t: event.t, drawn: view.drawn)
    }

    /// GTK's scroll signal: none for an event with nothing along the
    /// tracker's axis (the other is filtered out).
    mutating func scrollUpdate(_ event: ScrollInput, view: ScrollView) -> Double {
        let delta = event.delta(along: axis)
        guard delta != 0 else { return view.drawn }
        return handle(delta, t: event.t, drawn: view.drawn)
    }

    /// The stop (its deltas unused: `gesture_end` reads the history only):
    /// the velocity of the last 150 ms and the projection, as a drag's end
    /// but with the touchpad's threshold and deceleration.
    mutating func scrollEnd(_ event: ScrollInput, view: ScrollView) -> FollowedRelease? {
        defer { tracking = false; refused = false }
        guard tracking else {
            // Each event cancelled at an end page: each cancel was a spring
            // to the page it rests on, of no length, that emits page-changed;
            // the stop says so with one such decision (from = x, ms=0). A
            // hold only moved nothing and changes nothing (`kept`).
            guard refused else { return nil }
            let page = AdwaitaSwipe.closest(tracker.position, last: tracker.last)
            return FollowedRelease(choice: .snap(page, .animate), from: tracker.drawn, v: 0, velocity: 0)
        }
        return tracker.release(x: tracker.drawn, v: nil, t: event.t)
    }

    /// A finger press ends the tracker's gesture.
    mutating func pressed() { tracking = false; refused = false }

    /// `handle_scroll_event` for an event that is not the stop: at rest,
    /// the gesture starts where the content is drawn and is cancelled
    /// when its first delta pushes outward at an end page; scrolling, the
    /// delta is recorded and moves the content, held in the drag's bounds.
    private mutating func handle(_ delta: Double, t: Double, drawn: Double) -> Double {
        if !tracking {
            let end = Double(tracker.last) * tracker.distance
            tracker.press(x: min(max(drawn, 0), end), t: nil)
            record(delta, t: t)
            let position = tracker.position
            if (delta < 0 && position <= 0) || (delta > 0 && position >= Double(tracker.last)) {
                // `gesture_cancel`: a spring to the nearest page (here) at the
                // velocity of one record, 0; the next event starts anew.
                refused = true
                return tracker.drawn
            }
            tracking = true
            tracker.phase = .scrolling
        }
        record(delta, t: t)
        let (lower, upper) = tracker.bounds
        tracker.position = min(max(tracker.position + delta / touchpadPage, lower), upper)
        tracker.drawn = tracker.position * tracker.distance
        return tracker.drawn
    }

    /// `append_to_history`: records older than 150 ms before `t` dropped.
    private mutating func record(_ delta: Double, t: Double) {
        tracker.history.removeAll { $0.t < t - AdwaitaSwipe.historyMs }
        tracker.history.append((delta, t))
    }
}
