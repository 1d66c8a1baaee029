/// One paged collection of a connection: its plugin, its snaps, where it rests
/// and the gesture under way. All of docs/strategies.md's shared rules live here;
/// the strategy only chooses.
public struct Session: Sendable {
    /// Its plugin, tuned by the session's `swipes` (`Plugin.tuned`).
    public internal(set) var plugin: Plugin
    public private(set) var layout: Layout
    /// `k0`: the snap of the last decision (after any re-grab).
    public private(set) var resting: Int
    /// The index last reported, kept across `layout`.
    public private(set) var lastIndex: Int
    /// From a `begin` or `move` until the next decision or `layout`.
    public internal(set) var fingerDown = false
    public private(set) var samples = VelocitySamples()
    /// The drag under way, kept only when the strategy asks for it.
    private var gesture: Gesture?
    /// The strategy's own follower of the drag (`followsDrag`), made once
    /// per layout and pressed anew for each gesture, so that a gesture
    /// allocates nothing; `following` while one is under way.
    private var follower: (any DragFollower)?
    private var following = false
    /// Set while autoplay is on.
    public var autoplay: AutoplaySettings?
    /// The last release as the strategy saw it (`T` included), for tools
    /// that show why a decision was made.
    public private(set) var lastRelease: Release?
    /// The last decision made.
    public private(set) var lastDecision: Decision?
    /// Where the content is drawn, as far as the daemon can tell: the last
    /// finger position drawn, else where the last decision rests. A motion
    /// that does not start at a release starts here.
    public internal(set) var drawnAt: Double
    /// The `t` of the request that made the last decision: its motion
    /// starts then (nil: at rest from the start).
    public private(set) var motionStart: Double?
    /// The snap the last decision's motion ends on (a loop's duplicate
    /// before the jump).
    public private(set) var target = 0
    /// The wheel and the touchpad (`Session+Scroll.swift`).
    var scrolling = ScrollState()
    /// `motion`: under `reduced` every decision is drawn at once.
    public private(set) var motionSetting: MotionSetting
    /// Put on its page without moving (`open` without `moved=1`) until the
    /// content first moves (docs/strategies.md, "qt-swipeview").
    public internal(set) var placed: Bool
    /// The plugin's constants, read once: every gesture needs them.
    private let decelerationRate: Double
    private let rubberBand: Double
    private let reportsPage: Bool
    private let needsGesture: Bool
    private let followsDrag: Bool
    private let maxDecayMs: Double
    private let springOmega: Double
    let wheelLockMs: Double

    /// Opens a session (detent-protocol(7) `open`); errors in precedence order from
    /// the geometry checks on.
    public init(plugin: Plugin, geometry spec: GeometrySpec, maxItems: Int, motion: MotionSetting = .full,
                longSwipes: Bool? = nil, moved: Bool = false) throws(ProtocolError) {
        let plugin = plugin.tuned(longSwipes: longSwipes)
        self.plugin = plugin
        motionSetting = motion
        placed = !moved
        decelerationRate = plugin.strategy.decelerationRate
        rubberBand = plugin.strategy.common.rubberBand
        reportsPage = plugin.strategy.reportsPage
        needsGesture = plugin.strategy.needsGesture
        followsDrag = plugin.strategy.followsDrag
        maxDecayMs = plugin.strategy.common.maxDecayMs
        springOmega = plugin.strategy.common.springOmega
        wheelLockMs = plugin.strategy.common.wheelLockMs
        let layout = try Self.makeLayout(spec, plugin: plugin, maxItems: maxItems)
        let index = try Self.checkedIndex(spec.index, in: layout.geometry) ?? 0
        self.layout = layout
        resting = plugin.strategy.snap(showing: index, in: layout)
        lastIndex = layout.snaps.indexes[resting]
        drawnAt = layout.snaps.offsets[resting]
        target = resting
    }

    var snaps: SnapSet { layout.snaps }

    /// The resting snap's index and offset (the `opened` and `began` fields).
    public var restingIndex: Int { snaps.indexes[resting] }
    public var restingOffset: Double { snaps.offsets[resting] }

    // MARK: - Requests

    /// `layout`: a complete new geometry; an explicit `index` wins, else the
    /// last index if it still exists, else the last item; `motion` and
    /// `swipes` when given, else the session's. An invalid geometry
    /// leaves the session as it was.
    public mutating func relayout(_ spec: GeometrySpec, maxItems: Int, motion: MotionSetting? = nil,
                                  longSwipes: Bool? = nil) throws(ProtocolError) {
        let layout = try Self.makeLayout(spec, plugin: plugin, maxItems: maxItems)
        let explicit = try Self.checkedIndex(spec.index, in: layout.geometry)
        if let motion { motionSetting = motion }
        plugin = plugin.tuned(longSwipes: longSwipes)
        let index = explicit ?? min(lastIndex, layout.geometry.itemCount - 1)
        self.layout = layout
        resting = plugin.strategy.snap(showing: index, in: layout)
        lastIndex = restingIndex
        drawnAt = restingOffset
        target = resting
        motionStart = nil
        endGesture()
        follower = nil  // made for the old geometry
        scrolling = ScrollState()
    }

    /// `begin`: finger down; re-grab if it lands farther from the resting
    /// snap than half the smaller gap next to it (strictly): the resting
    /// snap becomes the one nearest the finger. In a loop, a re-grab onto a
    /// duplicate reports `jump` and rests on the real item.
    public mutating func begin(x: Double, t: Double?) -> Began {
        pressed()
        recordPress(x: x, t: t)
        drawnAt = drawn(x)
        if followsDrag, pressFollower(x: x, t: t) { drawnAt = x }
        let o = snaps.offsets
        let k = resting
        var began = Began(index: restingIndex, x: restingOffset, jump: nil)
        guard o.count > 1 else { return began }
        let before = k > 0 ? o[k] - o[k - 1] : Double.infinity
        let after = k + 1 < o.count ? o[k + 1] - o[k] : Double.infinity
        let half = min(before, after) / 2
        if abs(x - o[k]) > half + Tolerance.length {
            let grabbed = snaps.nearest(to: x)
            resting = snaps.realSnap(grabbed)
            began = Began(index: restingIndex, x: o[grabbed], jump: grabbed == resting ? nil : restingOffset)
            // The client sets the jump at once: the content moves with it,
            // and the moves that follow are the real item's offsets.
            if grabbed != resting {
                drawnAt += restingOffset - o[grabbed]
                recordPress(x: x + restingOffset - o[grabbed], t: t)
            }
        }
        lastIndex = restingIndex
        return began
    }

    /// The press as the first sample of the velocity and of the gesture.
    private mutating func recordPress(x: Double, t: Double?) {
        samples.reset()
        if let t { samples.add(t: t, x: x) }
        guard needsGesture else { return }
        gesture = Gesture(beginX: x, beginT: t)
        if let t { gesture?.add(t: t, x: x) }
    }

    /// `move`: finger at raw offset x; returns where to draw it.
    public mutating func move(x: Double, t: Double?) -> Double {
        if !fingerDown { pressed() }
        if let t {
            samples.add(t: t, x: x)
            if needsGesture { track(t: t, x: x) }
        }
        // A drag without `begin` is pressed where the content is drawn.
        if followsDrag, following || pressFollower(x: drawnAt, t: nil), let followed = follower?.move(x: x, t: t) {
            drawnAt = followed
        } else {
            drawnAt = drawn(x)
        }
        if drawnAt != restingOffset { placed = false }
        return drawnAt
    }

    /// A finger down: a touchpad gesture under way ends, and the strategy's
    /// own wheel forgets what a press clears.
    private mutating func pressed() {
        fingerDown = true
        if scrolling.gesture != .none { scrolling.gesture = .none }
        scrolling.follower?.pressed()
    }

    /// Starts a gesture of the strategy's follower at `x` (mutated in
    /// place: no copy of it); false when the strategy has none.
    private mutating func pressFollower(x: Double, t: Double?) -> Bool {
        if follower == nil { follower = plugin.strategy.dragFollower(layout: layout, from: resting) }
        guard follower != nil else { return false }
        follower?.press(x: x, t: t)
        following = true
        return true
    }

    /// Where a finger at raw offset x has the content drawn (the rubber band).
    func drawn(_ x: Double) -> Double {
        RubberBand.draw(x, lower: snaps.lowerEnd, upper: snaps.upperEnd, coefficient: rubberBand,
                        viewport: layout.geometry.viewport)
    }

    /// `end`: the decision for a release at `x`. A loaded strategy that
    /// fails leaves the session resting where it was (`plugin-failed`).
    public mutating func end(x: Double, v: Double?, target: Double?, t: Double?) throws(ProtocolError) -> Decision {
        try release(x: x, v: v, target: target, t: t, cause: .release)
    }

    /// A release of a drag or of a touchpad gesture (`cause`).
    mutating func release(x: Double, v: Double?, target: Double?, t: Double?, cause: Cause) throws(ProtocolError) -> Decision {
        if let t { samples.add(t: t, x: x) }
        let velocity = v ?? samples.estimate()
        let r = decelerationRate
        let projected = target ?? x + velocity * r / (1 - r)
        let release = Release(x: x, v: velocity, target: snaps.clampToEnds(projected))
        if followsDrag, following || pressFollower(x: drawnAt, t: nil),
           let followedRelease = follower?.release(x: x, v: v, t: t) {
            lastRelease = Release(x: x, v: followedRelease.velocity, target: release.target)
            drawnAt = followedRelease.from
            return settle(followedRelease.choice, cause: cause, v: followedRelease.v, planned: followedRelease.motion, t: t)
        }
        lastRelease = release
        drawnAt = drawn(x)
        let choice: Choice
        do {
            if needsGesture {
                if let t { track(t: t, x: x) }
                var drag = gesture ?? Gesture()
                drag.endT = t
                choice = try plugin.strategy.decide(release, gesture: drag, layout: layout, from: resting)
            } else {
                choice = try plugin.strategy.decide(release, layout: layout, from: resting)
            }
        } catch {
            endGesture()
            throw error
        }
        return settle(choice, cause: cause, v: velocity, t: t)
    }

    /// `cancel`: back to the resting snap.
    public mutating func cancel() -> Decision {
        settle(.snap(resting, .animate), cause: .cancel, v: 0)
    }

    // MARK: - Deciding

    mutating func endGesture() {
        fingerDown = false
        samples.reset()
        gesture = nil
        following = false
    }

    /// A timed sample of the drag, for a strategy that reads it; a drag
    /// without `begin` starts at its first sample.
    private mutating func track(t: Double, x: Double) {
        if gesture == nil { gesture = Gesture() }
        gesture?.add(t: t, x: x)
    }

    /// The decision for a choice, its motion starting from `drawnAt` at
    /// velocity `v` at time `t` (nil: drawn at rest).
    mutating func settle(_ choice: Choice, cause: Cause, v: Double, planned: Motion? = nil, t: Double? = nil) -> Decision {
        endGesture()
        scrolling.gesture = .none
        motionStart = t
        var decision: Decision
        switch choice {
        case .snap(let chosen, let mode):
            var k = snaps.clamp(chosen)
            if let count = snaps.loopCount {
                // The outermost duplicates only peek.
                k = min(max(k, 1), count + SnapSet.loopDuplicates)
            }
            let x = snaps.offsets[k]
            target = k
            resting = snaps.realSnap(k)
            decision = Decision(index: restingIndex, x: x, mode: mode, cause: cause,
                                page: reportsPage ? resting : nil,
                                jump: resting == k ? nil : restingOffset,
                                motion: planned ?? motion(to: x, v: v, mode: mode))
        case .free(let x, let mode):
            resting = snaps.nearest(to: x)
            target = resting
            let index: Int
            if let run = layout.geometry.items {
                index = run.nearestItem(to: x, align: layout.geometry.align, viewport: layout.geometry.viewport)
            } else {
                index = snaps.nearest(to: x)
            }
            decision = Decision(index: index, x: x, mode: mode, cause: cause,
                                page: reportsPage ? resting : nil,
                                motion: planned ?? motion(to: x, v: v, mode: mode))
        }
        let moves = decision.motion.from != decision.x || decision.motion.duration > 0
        if moves || cause == .goto || cause == .step || cause == .scrollby { placed = false }
        if motionSetting == .reduced { decision.motion = decision.motion.reduced }
        lastIndex = decision.index
        lastDecision = decision
        drawnAt = decision.jump ?? decision.x
        return decision
    }

    private func motion(to x: Double, v: Double, mode: Mode) -> Motion {
        if followsDrag, let own = plugin.strategy.motion(from: drawnAt, to: x, v: v, mode: mode, layout: layout) { return own }
        return Motion.plan(from: drawnAt, to: x, v: v, mode: mode, maxDecayMs: maxDecayMs, omega: springOmega)
    }
}
