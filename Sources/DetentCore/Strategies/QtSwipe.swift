/// One drag as Qt Quick's `SwipeView` follows it (Qt 6.4.2, Basic style:
/// a `ListView`, `SnapOneItem`, `StrictlyEnforceRange`, `StopAtBounds`;
/// docs/strategies.md, "qt-swipeview", rules 1 to 3): the pointer's
/// velocity as `QEventPoint` filters it (single precision), the drag
/// threshold and the 200 ms gate, the claim and the take, and where the
/// content is drawn. The release is `QtSwipe+Release.swift`.
struct QtSwipe: DragFollower {
    /// `highlightMoveDuration`: `goto` and `cancel` ease this long, as a
    /// change of `currentIndex` does.
    static let highlightMoveMs = 250
    /// `QStyleHints::startDragDistance`: a move over it passes the gate.
    static let dragThreshold = 10.0
    /// So does any move more than this after the press.
    static let gateMs = 200.0
    /// `QML_FLICK_SAMPLEBUFFER`: the velocity samples kept.
    static let samplesKept = 3
    /// `qeventpoint.cpp`'s Kalman gain, a `float`.
    static let gain: Float = 0.7

    /// The page width (item = viewport), the pitch and the last offset.
    let w: Double
    let pitch: Double
    let count: Int
    let spacing: Double
    var maxOffset: Double { Double(count - 1) * pitch }

    var pressX = 0.0
    var pressT = 0.0
    /// The finger's velocity, px/s, as Qt keeps it (`QVector2D`).
    var velocity: Float = 0
    var previousD = 0.0
    var previousT = 0.0
    var lastMoveT = 0.0
    var samples: [Double] = []
    /// `contentX`: where the content is drawn.
    var drawn = 0.0
    var claimed = false
    var taken = false
    var startOffset = 0.0
    var previousDelta: Double?
    var rejections = 0

    init(w: Double, spacing: Double, count: Int) {
        self.w = w
        self.spacing = spacing
        self.pitch = w + spacing
        self.count = count
    }

    /// A new gesture: everything of the last one forgotten (the samples'
    /// storage kept: a gesture allocates nothing).
    mutating func press(x: Double, t: Double?) {
        pressX = x
        pressT = t ?? 0
        velocity = 0
        previousD = 0
        previousT = pressT
        lastMoveT = pressT
        samples.removeAll(keepingCapacity: true)
        drawn = x
        claimed = false
        taken = false
        startOffset = 0
        previousDelta = nil
        rejections = 0
    }

    /// Rule 1: an event at a later ms updates the velocity from the step
    /// since the previous event; one in the same ms leaves it.
    mutating func track(_ d: Double, _ t: Double) {
        if t > previousT {
            let step = Float(d - previousD)
            let new = step / Float(t - previousT) * 1000
            velocity = new * Self.gain + velocity * (1 - Self.gain)
            // Steps at the doubles' ends (inf - inf) leave no number: none.
            if velocity.isNaN { velocity = 0 }
            previousT = t
        }
        previousD = d
    }

    /// Rules 2 and 3: the gate, rejection at a bound, the claim and the
    /// take; each move that is not rejected keeps a velocity sample.
    mutating func move(x: Double, t: Double?) -> Double {
        let t = t ?? previousT
        let d = pressX - x
        guard d.isFinite else { return drawn }
        track(d, t)
        let over = abs(d) > Self.dragThreshold
        var rejected = false
        var claim = false
        if over || t - pressT > Self.gateMs {
            if !taken { startOffset = d }
            let c: Double
            (c, rejected) = bounded(pressX - (d - startOffset), pressX: pressX, drawn: drawn, d: d)
            if !rejected, claimed, d != 0, d != previousDelta {
                drawn = c
                taken = true
            }
            claim = !rejected && over
        }
        previousDelta = d
        claimed = claimed || claim
        lastMoveT = t
        if rejected {
            samples.removeAll()
            rejections += 1
        } else {
            let limit = 4 * w
            samples.append(min(max(Double(velocity), -limit), limit))
            if samples.count > Self.samplesKept { samples.removeFirst() }
        }
        return drawn
    }
}

extension QtSwipe {
    /// `QQuickFlickablePrivate::drag`'s bounds (StopAtBounds): the content
    /// `c` held in `[0, maxOffset]`, and whether a drag pressed and drawn
    /// at a bound that pushes outward (`d` is Qt's, towards the start) is
    /// rejected.
    func bounded(_ c: Double, pressX: Double, drawn: Double, d: Double) -> (Double, Bool) {
        var (c, rejected) = (c, false)
        if c >= maxOffset {
            c = maxOffset
            rejected = pressX == maxOffset && drawn == maxOffset && d < 0
        }
        if c <= 0 {
            c = 0
            rejected = rejected || (pressX == 0 && drawn == 0 && d > 0)
        }
        return (c, rejected)
    }
}
