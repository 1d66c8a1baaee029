/// `css-snap`'s wheel and touchpad (Tests/CssSnap/FACTS.md): a notch is
/// Chromium's animated scroll by 120 px, then Direction's snap after it
/// (`CssSnapWheel`), the whole path sent as `curve=path`; a notch while
/// that path runs retargets it. A precise scroll follows its deltas
/// clamped to the points' range (no rubber band), and its end snaps to the
/// closest point (EndPosition) with kInverseDelta's ease-in-out, or, with a
/// fling (its velocity Wayland's, from the last frames: `CssSnapVelocity`),
/// snaps by EndAndDirection along the snap fling curve (`CssSnapRelease`).
struct CssSnapFollower: ScrollFollower {
    /// A notch's scroll, px (a notch reaches the page as deltaX 120).
    static let notchPx = 120.0

    let points: CssSnapPoints
    /// The scroll range the content is clamped to.
    let range: ClosedRange<Double>
    /// The path under way and the event time its times count from.
    var wheel: CssSnapWheel?
    var drawn = 0.0
    /// The touchpad's newest frames (time since the frame before, delta)
    /// and the last frame's time, for the fling's velocity.
    var frames: [(dt: Double, dx: Double)] = []
    var lastFrameT = 0.0
    /// A key's or `scrollBy`'s animation a touchpad gesture began in, and
    /// its start: Chromium drops that gesture (FACTS.md, 4 of 4), so the
    /// content goes on along it (`moved` where it is, then its rest).
    var ignored: (motion: Motion, start: Double)?

    init(points: CssSnapPoints, range: ClosedRange<Double>) {
        self.points = points
        self.range = range
    }

    mutating func wheel(_ event: ScrollInput, view: ScrollView) -> FollowedRelease? {
        let dx = event.wheelDelta(along: view.layout.geometry.axis) * Self.notchPx
        guard dx != 0, dx.isFinite else { return nil }
        // A notch while the path runs (its notch or its snap) retargets it.
        // `wheel` holds the notches only: its snap comes with `finish`.
        var path: CssSnapWheel
        var finished = wheel
        finished?.finish()
        if let running = wheel, let motion = view.motion, case .path = motion.curve,
           !CssSnapTakeover.isProgrammatic(motion), let last = running.segments.last,
           event.t < max(last.end + running.snapGap, finished?.segments.last?.end ?? last.end) {
            path = running
        } else {
            path = CssSnapWheel(points: points, start: view.drawn)
        }
        guard path.notch(at: event.t, dx: dx) else { return nil }
        wheel = path
        var done = path
        done.finish()
        // The reply's times count from this event; what ended before it goes.
        let t0 = event.t
        var segments = done.segments.map {
            CssSnapSegment(from: $0.from, to: $0.to, start: $0.start - t0, duration: $0.duration, curve: $0.curve)
        }
        if let current = segments.lastIndex(where: { $0.start <= 0 }) { segments.removeFirst(current) }
        guard !segments.isEmpty, let k = view.layout.snaps.offsets.firstIndex(of: done.rest) else { return nil }
        let motion = Motion.path(segments)
        var drawnMotion = motion
        drawnMotion.from = view.drawn
        return FollowedRelease(choice: .snap(k, .animate), from: view.drawn, v: motion.v, velocity: 0, motion: drawnMotion)
    }

    mutating func scrollBegin(_ event: ScrollInput, view: ScrollView) -> Double {
        wheel = nil
        ignored = nil
        if let running = view.motion, let elapsed = view.elapsed, CssSnapTakeover.isProgrammatic(running),
           elapsed < Double(running.duration) {
            ignored = (running, event.t - elapsed)
            return running.position(at: elapsed)
        }
        frames.removeAll(keepingCapacity: true)
        lastFrameT = event.t
        drawn = min(max(view.drawn, range.lowerBound), range.upperBound)
        return drawn
    }

    mutating func scrollUpdate(_ event: ScrollInput, view: ScrollView) -> Double {
        if let ignored { return ignored.motion.position(at: event.t - ignored.start) }
        let dx = event.delta(along: view.layout.geometry.axis)
        frames.append((event.t - lastFrameT, dx))
        if frames.count > CssSnapVelocity.touchpadFrames { frames.removeFirst() }
        lastFrameT = event.t
        drawn = min(max(drawn + dx, range.lowerBound), range.upperBound)
        return drawn
    }

    mutating func scrollEnd(_ event: ScrollInput, view: ScrollView) -> FollowedRelease? {
        if let (running, start) = ignored {
            // What is left of the animation from the end's time: `moved`
            // drew it up to now (at its rest, with no length, once over).
            ignored = nil
            guard let k = view.layout.snaps.offsets.firstIndex(of: running.to) else { return nil }
            let elapsed = event.t - start
            var rest = CssSnapTakeover.remainder(of: running, at: elapsed)
            let here = running.position(at: elapsed)
            rest.from = here
            return FollowedRelease(choice: .snap(k, .animate), from: here, v: rest.v, velocity: 0, motion: rest)
        }
        let since = event.t - lastFrameT
        let v = CssSnapVelocity.touchpad(frames: frames, stopDt: since)
        frames.removeAll(keepingCapacity: true)
        return CssSnapRelease.end(velocity: v, sinceUpdate: since, from: drawn, viewport: view.layout.geometry.viewport,
                                  points: points, offsets: view.layout.snaps.offsets)
    }

    mutating func pressed() { wheel = nil; ignored = nil }
}
