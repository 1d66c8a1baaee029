/// What a wheel event or a step changes: a decision, or nothing (`kept`,
/// the index of the last decision).
public enum WheelAnswer: Sendable, Equatable {
    case decision(Decision)
    case kept(index: Int)
}

/// What a touchpad event changes: where to draw, or (its end) a decision,
/// or nothing (the end of a gesture the engine refused).
public enum ScrollAnswer: Sendable, Equatable {
    case moved(Double)
    case decision(Decision)
    case kept(index: Int)
}

/// `wheel` and `scroll` (detent-protocol(7)): a strategy's own rule where it
/// has one (`ScrollFollower`), else the generic rule of docs/strategies.md,
/// "The wheel and the touchpad".
extension Session {
    /// One wheel event; `x`, where the client draws the content now.
    public mutating func wheel(_ event: ScrollInput, x: Double?) throws(ProtocolError) -> WheelAnswer {
        try checkTime(event.t)
        // A finger or a touchpad holds the content.
        guard !fingerDown, !scrollGestureUnderWay else { return .kept(index: lastIndex) }
        if scrolling.gesture == .ended { scrolling.gesture = .none }
        var view = view(at: event.t, x: x)
        if hasScrollFollower {
            guard let followed = scrolling.follower?.wheel(event, view: view) else { return .kept(index: lastIndex) }
            return .decision(settle(followed, cause: .wheel, t: event.t))
        }
        let along = event.wheelDelta(along: layout.geometry.axis)
        guard along != 0 else { return .kept(index: lastIndex) }
        if let last = scrolling.lastStep, event.t - last < wheelLockMs { return .kept(index: lastIndex) }
        // Partial notches add up in one direction; a reversal starts afresh.
        if scrolling.notches != 0, (scrolling.notches < 0) != (along < 0) { scrolling.notches = 0 }
        scrolling.notches += along
        guard abs(scrolling.notches) >= 1 else { return .kept(index: lastIndex) }
        let step = scrolling.notches > 0 ? 1 : -1
        scrolling.notches -= scrolling.notches.rounded(.towardZero)
        let k = origin(&view) + step
        guard snaps.loopCount != nil || (k >= 0 && k < snaps.count) else { return .kept(index: lastIndex) }
        scrolling.lastStep = event.t
        drawnAt = view.drawn
        return .decision(settle(.snap(k, .animate), cause: .wheel, v: 0, t: event.t))
    }

    /// One touchpad event of phase `phase` (nil: an update).
    public mutating func scroll(_ event: ScrollInput, phase: ScrollPhase?, x: Double?) throws(ProtocolError) -> ScrollAnswer {
        switch phase {
        case .begin:
            if scrolling.gesture == .begun, let begun = scrolling.lastPhase {
                // A doubled begin (Qt delivers each twice) changes nothing.
                try checkTime(event.t)
                return begun
            }
            guard scrolling.gesture != .updating else {
                throw ProtocolError(.badValue, "phase: begin while a touchpad gesture is under way; end it with phase=end first")
            }
            try checkTime(event.t)
            let view = view(at: event.t, x: x)
            if hasScrollFollower {
                // The touchpad takes over from a drag under way, as a drag does from it.
                if fingerDown { endGesture() }
                drawnAt = scrolling.follower?.scrollBegin(event, view: view) ?? view.drawn
            } else {
                // The generic rule: a press where the content is drawn; the
                // begin's deltas are the event the first update delivers.
                _ = begin(x: view.drawn, t: event.t)
                scrolling.x = view.drawn + (drawnAt - drawn(view.drawn))
            }
            scrolling.gesture = .begun
            scrolling.lastPhase = .moved(drawnAt)
            return .moved(drawnAt)
        case nil:
            guard scrollGestureUnderWay else {
                throw ProtocolError(.badValue, "scroll: no touchpad gesture under way; its first event says phase=begin")
            }
            try checkTime(event.t)
            scrolling.gesture = .updating
            if hasScrollFollower {
                let view = ScrollView(layout: layout, resting: resting, drawn: drawnAt)
                drawnAt = scrolling.follower?.scrollUpdate(event, view: view) ?? drawnAt
                if drawnAt != restingOffset { placed = false }
                return .moved(drawnAt)
            }
            // Deltas past what a double holds move the finger no further.
            let x = scrolling.x + event.delta(along: layout.geometry.axis)
            if x.isFinite { scrolling.x = x }
            return .moved(move(x: scrolling.x, t: event.t))
        case .end:
            if scrolling.gesture == .ended, let ended = scrolling.lastPhase {
                // A doubled end answers the same (a decision, or kept).
                try checkTime(event.t)
                return ended
            }
            guard scrollGestureUnderWay else {
                throw ProtocolError(.badValue, "phase: end without a touchpad gesture under way")
            }
            try checkTime(event.t)
            let decision: Decision
            if hasScrollFollower {
                let view = ScrollView(layout: layout, resting: resting, drawn: drawnAt)
                guard let followed = scrolling.follower?.scrollEnd(event, view: view) else {
                    scrolling.gesture = .ended
                    scrolling.lastPhase = .kept(index: lastIndex)
                    return .kept(index: lastIndex)
                }
                decision = settle(followed, cause: .scroll, t: event.t)
            } else {
                // The velocity of the updates: the end only says they stopped.
                decision = try release(x: scrolling.x, v: samples.estimate(), target: nil, t: event.t, cause: .scroll)
            }
            scrolling.gesture = .ended
            scrolling.lastPhase = .decision(decision)
            return .decision(decision)
        }
    }

    /// One frame at 60 Hz, ms.
    static let frameMs = 1000.0 / 60

    var scrollGestureUnderWay: Bool { scrolling.gesture == .begun || scrolling.gesture == .updating }

    /// Makes the strategy's follower on first use; false when it has none.
    private var hasScrollFollower: Bool {
        mutating get {
            // Asked once per layout: the generic rule's strategies say nil every time.
            if !scrolling.askedForFollower {
                scrolling.follower = plugin.strategy.scrollFollower(layout: layout)
                scrolling.askedForFollower = true
            }
            return scrolling.follower != nil
        }
    }

    /// Times may not run backwards across the wheel and touchpad events.
    private mutating func checkTime(_ t: Double) throws(ProtocolError) {
        if let last = scrolling.lastT, t < last {
            throw ProtocolError(.badValue, "t: \(NumberFormat.string(t)) is before the previous wheel or scroll event's \(NumberFormat.string(last))")
        }
        scrolling.lastT = t
    }

    /// The session at `t`: where the content is drawn (`x` when the client
    /// says), and the last decision's motion while it runs.
    func view(at t: Double, x: Double?) -> ScrollView {
        var view = ScrollView(layout: layout, resting: resting, drawn: drawnAt, placed: placed)
        // An `x` at the decision's rest in the motion's last frame says it
        // is over: the widget's animation clock ran that far ahead of the
        // events' (Tests/Qt: at rest 2 ms before; still moving 140 ms before).
        let atRest = x != nil && lastDecision.map { x == $0.x || x == $0.jump } == true
        if !fingerDown, let decision = lastDecision, let start = motionStart,
           t - start < Double(decision.motion.duration) - (atRest ? Self.frameMs : 0) {
            view.motion = decision.motion
            view.elapsed = max(t - start, 0)
            view.drawn = decision.motion.position(at: view.elapsed ?? 0)
        }
        if let x { view.drawn = x }
        return view
    }

    /// The snap a wheel or a step goes from: the current target (the snap
    /// a motion under way ends on, else the resting one). A loop's motion
    /// toward a duplicate counts from its real snap, `view.drawn` moved by
    /// the loop's period with it, so that the next step goes on around.
    func origin(_ view: inout ScrollView) -> Int {
        guard view.motion != nil else { return resting }
        guard snaps.isDuplicate(target) else { return target }
        let real = snaps.realSnap(target)
        view.drawn += snaps.offsets[real] - snaps.offsets[target]
        return real
    }

    /// A followed wheel or touchpad decision.
    private mutating func settle(_ followed: FollowedRelease, cause: Cause, t: Double) -> Decision {
        drawnAt = followed.from
        return settle(followed.choice, cause: cause, v: followed.v, planned: followed.motion, t: t)
    }
}
