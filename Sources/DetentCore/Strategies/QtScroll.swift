/// `qt-swipeview`'s wheel and touchpad as Qt 6.4.2 takes them:
/// `QQuickFlickable::wheelEvent` (a wheel's angleDelta, a touchpad's
/// pixelDelta between ScrollBegin and ScrollEnd) into the ListView's flick
/// and fixup (`QtSwipe+Release.swift`; docs/strategies.md, "qt-swipeview",
/// "The wheel and the touchpad"). Velocities and deltas here are Qt's:
/// px/s and px, positive towards the start (the protocol's sign reversed).
struct QtScroll: ScrollFollower {
    /// The seconds Qt takes a notch to last when nothing moves:
    /// `120 / sqrt(flickDeceleration × 2 × initialWheelFlickDistance)`,
    /// the distance 3 lines of 24 px.
    static let restingNotchSeconds = 120 / (QtSwipe.deceleration * 2 * 72).squareRoot()

    /// The pages, their flick and fixup.
    let swipe: QtSwipe
    let axis: Axis
    /// `velocityBuffer` (the last 3, each within `±maximumFlickVelocity`)
    /// and `velocity`, their mean when the wheel last read them.
    var samples: [Double] = []
    var velocity = 0.0
    /// `lastPosTime`, ms (-1 as Qt starts and after a ScrollEnd; nil after
    /// a drag, whose move times are not ours).
    var lastPosTime: Double? = -1
    /// A touchpad gesture: where it began (`pressPos`), where the content
    /// is drawn, the deltas so far along and across
    /// (`accumulatedWheelPixelDelta`, single precision), `dragStartOffset`,
    /// `previousDragDelta` (kept from gesture to gesture, as Qt keeps it),
    /// `stealMouse`, `hMoved` and `moving`.
    var pressX = 0.0
    var drawn = 0.0
    var along: Float = 0
    var across: Float = 0
    var startOffset: Float = 0
    var previousDelta = 0.0
    var armed = false
    var hMoved = false
    var moving = false
    /// A placed view's flick aimed past its page, until re-aimed; the
    /// fixup a notch against it started (the view still flicking).
    var aimed: QtSwipe.Aimed?
    var flickFixup: Motion?

    init(swipe: QtSwipe, axis: Axis) {
        self.swipe = swipe
        self.axis = axis
    }

    /// A notch: from rest, towards the next page (the samples' mean says
    /// which way); nil (`kept`) while a flick runs or at the bound, but
    /// for a placed view's flick not yet re-aimed (`QtSwipe+Placed.swift`).
    mutating func wheel(_ event: ScrollInput, view: ScrollView) -> FollowedRelease? {
        let t = event.t
        let last = lastPosTime ?? view.elapsed.map { t - $0 } ?? -1
        lastPosTime = t
        // Two events in one ms: Qt cannot tell a velocity and drops it.
        guard t - last > 0 else { return nil }
        // angleDelta along the view's axis (the other axis does nothing).
        let delta = Self.qtInt(-event.delta(along: axis) * 120)
        guard delta != 0 else { return nil }
        let elapsed = isMoving(view, at: t) ? (t - last) / 1000 : Self.restingNotchSeconds
        let instant = Double(delta) / elapsed
        // A notch against the last mean starts the samples afresh.
        if (instant < 0 && velocity > 0) || (instant > 0 && velocity < 0) { samples.removeAll(keepingCapacity: true) }
        add(instant)
        velocity = samples.reduce(0, +) / Double(samples.count)
        let c = view.drawn
        guard delta > 0 ? c > 0 : c < swipe.maxOffset else { return nil }
        if let motion = view.motion, motion.curve.isBrake || motion == flickFixup {
            // While it flicks (and in the flick's fixup) ListView keeps its
            // target, unless the target was no page: it re-evaluates it.
            guard let aim = aimed, aim.motion == motion, !swipe.hasReaimed(aim, drawn: c) else { return nil }
            // Drawn where it started, the page before has no delegate yet: nothing changes.
            guard c != motion.from else { return nil }
            aimed = nil
            let reaimed = swipe.reaimed(aim, from: c, velocity, pressX: pressX)
            flickFixup = reaimed.motion?.curve == .ease ? reaimed.motion : nil
            return reaimed
        }
        aimed = nil
        flickFixup = nil
        // A view put on its page has no delegate before it.
        guard case let (flick, aim)? = swipe.placedFlick(from: c, velocity, first: view.placed ? view.resting : 0) else { return nil }
        aimed = aim
        return flick
    }

    /// ScrollBegin: a press where the content is drawn; a motion under way
    /// stops there (a fixup too: Qt's doubled ScrollBegin resets it).
    mutating func scrollBegin(_ event: ScrollInput, view: ScrollView) -> Double {
        let running = isMoving(view, at: event.t)
        hMoved = running
        moving = running
        pressX = view.drawn
        drawn = view.drawn
        aimed = nil
        flickFixup = nil
        samples.removeAll(keepingCapacity: true)
        velocity = 0
        along = 0
        across = 0
        startOffset = 0
        armed = false
        // Its own deltas (none from Qt) count as an update's.
        lastPosTime = -1
        update(event)
        return drawn
    }

    mutating func scrollUpdate(_ event: ScrollInput, view: ScrollView) -> Double {
        update(event)
        return drawn
    }

    /// ScrollEnd: no fling; the fixup to the page under the content (half
    /// way: the lower), an InOutQuad of 200 ms.
    mutating func scrollEnd(_ event: ScrollInput, view: ScrollView) -> FollowedRelease? {
        lastPosTime = -1
        armed = false
        hMoved = false
        moving = false
        return swipe.rest(at: drawn, page: swipe.page(of: drawn))
    }

    /// A drag clears the samples (its own are the drag follower's).
    mutating func pressed() {
        aimed = nil
        flickFixup = nil
        samples.removeAll(keepingCapacity: true)
        velocity = 0
        lastPosTime = nil
        previousDelta = .nan
    }

    /// `isMoving()`: a motion of the Flickable's own under way (not
    /// `highlightMoveDuration`'s ease of a `goto`, which is the ListView's).
    private func isMoving(_ view: ScrollView, at t: Double) -> Bool {
        if let motion = view.motion, !(motion.curve == .ease && motion.duration == QtSwipe.highlightMoveMs) {
            return true
        }
        // A gesture that ends on its page runs an empty fixup in Qt; the
        // recordings (Tests/Qt) find the view at rest within it all the same.
        return false
    }

    private mutating func add(_ sample: Double) {
        let limit = 4 * swipe.w
        samples.append(min(max(sample, -limit), limit))
        if samples.count > QtSwipe.samplesKept { samples.removeFirst() }
    }

    /// One touchpad event after ScrollBegin's bookkeeping.
    private mutating func update(_ event: ScrollInput) {
        let last = lastPosTime ?? -1
        lastPosTime = event.t
        guard event.t - last > 0 else { return }
        let elapsed = (event.t - last) / 1000
        // pixelDelta (whole px); a null one takes the wheel's path, whose
        // angleDelta the protocol does not carry: nothing.
        let dx = Self.qtInt(-event.delta(along: axis))
        let dy = Self.qtInt(-event.delta(along: axis == .x ? .y : .x))
        guard dx != 0 || dy != 0 else { return }
        let sample = Float(Double(dx) / elapsed)
        along += Float(dx)
        across += Float(dy)
        // Mostly across the view's axis: no drag yet.
        guard moving || abs(along) > abs(across * 2) else { return }
        drag(sample: sample)
    }

    /// `QQuickFlickablePrivate::drag` for the wheel (StopAtBounds): the
    /// first call arms it, the first move after sets the start offset
    /// (none once the view moved: the content jumps by all of `along`).
    private mutating func drag(sample: Float) {
        let d = Double(along)
        if !hMoved { startOffset = along }
        let (x, rejected) = swipe.bounded(pressX - (d - Double(startOffset)), pressX: pressX, drawn: drawn, d: d)
        let wasMoved = hMoved
        if !rejected, armed, d != 0, d != previousDelta {
            drawn = x
            hMoved = true
        }
        previousDelta = d
        armed = true
        if rejected {
            samples.removeAll(keepingCapacity: true)
            velocity = 0
        } else {
            add(Double(sample))
        }
        if hMoved, !wasMoved {
            moving = true
        }
    }

    /// A delta as Qt holds it: a whole number in 32 bits (a finite delta
    /// past them, which no device sends, is held at the bound, not trapped).
    static func qtInt(_ value: Double) -> Int {
        Int(min(max(value.rounded(), Double(Int32.min)), Double(Int32.max)))
    }
}

extension Motion.Curve {
    /// A flick's deceleration (Qt's `flicking`, its fixup included).
    var isBrake: Bool {
        if case .brake = self { return true }
        return false
    }
}
