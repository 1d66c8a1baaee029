/// One drag as libadwaita 1.2.2's `AdwSwipeTracker` follows a pointer and
/// `AdwCarousel` draws it (docs/strategies.md, "adwaita", rules 1 to 4).
/// Positions are in pages (`x / distance`), velocities in pt/ms.
struct AdwaitaSwipe: DragFollower {
    enum Phase { case pressed, pending, scrolling, refused }

    /// The drag threshold, 16 pt from the press.
    static let threshold = 16.0
    /// The history kept for the velocity, 150 ms.
    static let historyMs = 150.0
    /// Slower than this, the release goes to the nearest page.
    static let velocityThreshold = 0.3
    /// `DECELERATION_TOUCH`, and above `curveThreshold` pt/ms the parabola.
    static let deceleration = 0.998
    static let curveThreshold = 2.0
    static let parabola = 0.35
    /// Pages per pt/ms of projection: `0.998 / (1 - 0.998) / 1000`.
    static let slope = deceleration / (1 - deceleration) / 1000
    /// A bound on the velocity read: far past any pointer.
    static let fastest = 1e6
    /// A start within this of a page is on it.
    static let boundsEpsilon = 0.005

    let distance: Double
    let last: Int
    let allowLongSwipes: Bool
    /// Rule 4's threshold and slope: a touchpad's are its own (`AdwaitaScroll`).
    var minimumVelocity = AdwaitaSwipe.velocityThreshold
    var releaseSlope = AdwaitaSwipe.slope
    /// Where the content is drawn, in pages: what the engine decides with.
    var position = 0.0
    /// The same in points, summed from the steps as they came: what the
    /// replies say (`58`, where `0.145` pages times 400 is 57.99999999999999).
    var drawn = 0.0
    var phase = Phase.pressed
    var pressX = 0.0
    var lastOffset = 0.0
    /// The position when the gesture started (its first move).
    var initial = 0.0
    /// Each move's step and time, the last `historyMs` of them.
    var history: [(delta: Double, t: Double)] = []

    init(distance: Double, last: Int, allowLongSwipes: Bool) {
        self.distance = distance
        self.last = last
        self.allowLongSwipes = allowLongSwipes
    }

    /// A new gesture: everything of the last one forgotten (the history's
    /// storage kept: a gesture allocates nothing).
    mutating func press(x: Double, t: Double?) {
        position = x / distance
        drawn = x
        pressX = x
        phase = .pressed
        lastOffset = 0
        initial = position
        history.removeAll(keepingCapacity: true)
    }

    /// Rule 1: the first move starts the gesture and moves nothing; the
    /// first at least `threshold` from the press takes hold, applying its
    /// own step only, unless it would pull past an end (refused). Rule 2:
    /// each step then moves the content, held in `bounds`.
    mutating func move(x: Double, t: Double?) -> Double {
        let offset = x - pressX
        let delta = offset - lastOffset
        lastOffset = offset
        // A step no finite number describes (x at the doubles' ends) moves nothing.
        guard phase != .refused, delta.isFinite else { return drawn }
        if let t {
            history.removeAll { $0.t < t - Self.historyMs }
            history.append((delta, t))
        }
        switch phase {
        case .pressed:
            initial = position
            phase = .pending
            return drawn
        case .pending:
            guard abs(offset) >= Self.threshold else { return drawn }
            if (offset < 0 && initial <= 0) || (offset > 0 && initial >= Double(last)) {
                phase = .refused
                return drawn
            }
            phase = .scrolling
        case .scrolling, .refused:
            break
        }
        let (lower, upper) = bounds
        position = min(max(position + delta / distance, lower), upper)
        drawn = min(max(drawn + delta, lower * distance), upper * distance)
        return drawn
    }

    /// Rules 3 and 4; a drag that never took hold rests where it is.
    mutating func release(x: Double, v: Double?, t: Double?) -> FollowedRelease {
        let from = drawn
        guard phase == .scrolling else {
            return FollowedRelease(choice: .snap(Self.closest(position, last: last), .animate), from: from, v: 0, velocity: 0)
        }
        var velocity = v ?? self.velocity(at: t ?? history.last?.t ?? 0)
        // Faster than any pointer (a million pt/ms) says nothing more; no
        // number (times running backwards at the doubles' ends) says nothing.
        velocity = velocity.isNaN ? 0 : min(max(velocity, -Self.fastest), Self.fastest)
        // The spring's v in pt/ms; pages past 1e305 pt would overflow it.
        let v = velocity * distance / 1000
        return FollowedRelease(choice: .snap(page(velocity), .animate), from: from, v: v.isFinite ? v : 0, velocity: velocity)
    }

    /// Rule 3: the moves of the last 150 ms, the oldest one's step left out.
    func velocity(at end: Double) -> Double {
        var oldest: Double?
        var newest = 0.0
        var sum = 0.0
        for step in history where step.t >= end - Self.historyMs {
            if oldest == nil { oldest = step.t } else { sum += step.delta }
            newest = step.t
        }
        guard let oldest, newest != oldest else { return 0 }
        return sum / (newest - oldest)
    }

    /// Rule 4: the page for a release at `position` with `velocity`.
    func page(_ velocity: Double) -> Int {
        let start = Self.closest(initial, last: last)
        guard abs(velocity) >= minimumVelocity else { return Self.closest(position, last: last) }
        let p: Double
        if abs(velocity) > Self.curveThreshold {
            let c = releaseSlope / 2 / Self.parabola
            let u = abs(velocity) - Self.curveThreshold + c
            p = Self.parabola * u * u - Self.parabola * c * c + releaseSlope * Self.curveThreshold
        } else {
            p = abs(velocity) * releaseSlope
        }
        let (lower, upper) = bounds
        let projected = min(max((velocity < 0 ? -p : p) + position, lower), upper)
        let behind = velocity > 0 ? Self.previous(projected, last: last) : Self.next(projected, last: last)
        if behind == start { return velocity > 0 ? Self.next(projected, last: last) : Self.previous(projected, last: last) }
        return Self.closest(projected, last: last)
    }

    /// Rule 2's range: the start page's neighbours (a start between pages:
    /// the pages around it and theirs), or every page with long swipes.
    var bounds: (Double, Double) {
        guard !allowLongSwipes else { return (0, Double(last)) }
        // A press beyond the pages (the widget cannot have one) counts from the end page.
        let initial = min(max(self.initial, 0), Double(last))
        let nearest = Self.closest(initial, last: last)
        let onPage = abs(Double(nearest) - initial) < Self.boundsEpsilon
        let before = onPage ? nearest : Self.previous(initial, last: last)
        let after = onPage ? nearest : Self.next(initial, last: last)
        return (Double(max(before - 1, 0)), Double(min(after + 1, last)))
    }

    /// The page nearest `position`, the lower on a tie.
    static func closest(_ position: Double, last: Int) -> Int {
        guard position > 0 else { return 0 }
        guard position < Double(last) else { return last }
        return Int((position - 0.5).rounded(.up))
    }

    /// The last page at or before `position` (-1: none).
    static func previous(_ position: Double, last: Int) -> Int {
        guard position >= 0 else { return -1 }
        return position >= Double(last) ? last : Int(position.rounded(.down))
    }

    /// The first page at or after `position` (-1: none).
    static func next(_ position: Double, last: Int) -> Int {
        guard position <= Double(last) else { return -1 }
        return position <= 0 ? 0 : Int(position.rounded(.up))
    }
}
