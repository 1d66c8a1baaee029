// Generated from protocol/detent-protocol.json by protocol/generate
// (protocol/generators/swift.py); do not edit: change the description and run protocol/generate.

extension RequestFields {
    /// One slot a scalar key (`Key.slot`).
    typealias Slots = InlineArray<15, Double>

    /// `x`: the content offset along the session's axis, points.
    public var x: Double? {
        get { number(at: 0, .x) }
        set { setNumber(newValue, at: 0, .x) }
    }

    /// `v`: the velocity, points per ms, positive when the offset grows.
    public var v: Double? {
        get { number(at: 1, .v) }
        set { setNumber(newValue, at: 1, .v) }
    }

    /// `target`: the offset the momentum would reach (else projected).
    public var target: Double? {
        get { number(at: 2, .target) }
        set { setNumber(newValue, at: 2, .target) }
    }

    /// `by`: a programmatic scroll's displacement, points, positive where the offset grows.
    public var by: Double? {
        get { number(at: 3, .by) }
        set { setNumber(newValue, at: 3, .by) }
    }

    /// `t`: the event's timestamp, ms on a clock the client keeps.
    public var t: Double? {
        get { number(at: 4, .t) }
        set { setNumber(newValue, at: 4, .t) }
    }

    /// `every`: the autoplay period in ms; 0 stops.
    public var every: Double? {
        get { number(at: 5, .every) }
        set { setNumber(newValue, at: 5, .every) }
    }

    /// `index`: goto's item; with a geometry, the resting item.
    public var index: Double? {
        get { number(at: 6, .index) }
        set { setNumber(newValue, at: 6, .index) }
    }

    /// `dx`: a wheel's or a touchpad's horizontal delta, positive where the offset grows (wheel: notches; scroll: points).
    public var dx: Double? {
        get { number(at: 7, .dx) }
        set { setNumber(newValue, at: 7, .dx) }
    }

    /// `dy`: the same, vertical.
    public var dy: Double? {
        get { number(at: 8, .dy) }
        set { setNumber(newValue, at: 8, .dy) }
    }

    /// `source`: what the toolkit says made the wheel event; default mouse.
    public var source: String? {
        get { choice(at: 9, .source) }
        set { setChoice(newValue, at: 9, .source) }
    }

    /// `phase`: a touchpad gesture's first or last event; absent for the updates.
    public var phase: String? {
        get { choice(at: 10, .phase) }
        set { setChoice(newValue, at: 10, .phase) }
    }

    /// `to`: a step's way: one snap (or page) on or back, or an end.
    public var to: String? {
        get { choice(at: 11, .to) }
        set { setChoice(newValue, at: 11, .to) }
    }

    /// `motion`: reduced: every decision is drawn at once (curve=none); default the config's motion.
    public var motion: String? {
        get { choice(at: 12, .motion) }
        set { setChoice(newValue, at: 12, .motion) }
    }

    /// `swipes`: a widget's allow-long-swipes: long lets a swipe cross every page (adwaita); default the plugin's allowLongSwipes; ignored where a strategy has no such notion.
    public var swipes: String? {
        get { choice(at: 13, .swipes) }
        set { setChoice(newValue, at: 13, .swipes) }
    }

    /// `moved`: the view has moved since it was put on its page (a session opened again after a reconnection); default 0: put there without moving (qt-swipeview).
    public var moved: Bool? {
        get { boolean(at: 14, .moved) }
        set { setBoolean(newValue, at: 14, .moved) }
    }
}
