// Generated from protocol/detent-protocol.json by protocol/generate
// (protocol/generators/swift.py); do not edit: change the description and run protocol/generate.

/// The keys of requests (detent-protocol(7), "Requests" and "Geometry"), in
/// the description's order: `specs` says each one's type and rule.
public enum Key: String, Sendable, CaseIterable {
    /// the session, named per connection
    case s
    /// echoed unchanged in the reply
    case id
    /// the client's name, for the daemon's log
    case client
    /// a configured plugin (else the config's default)
    case plugin
    /// the content offset along the session's axis, points
    case x
    /// the velocity, points per ms, positive when the offset grows
    case v
    /// the offset the momentum would reach (else projected)
    case target
    /// a programmatic scroll's displacement, points, positive where the offset grows
    case by
    /// the event's timestamp, ms on a clock the client keeps
    case t
    /// the autoplay period in ms; 0 stops
    case every
    /// goto's item; with a geometry, the resting item
    case index
    /// the visible length
    case viewport
    /// the uniform item length
    case item
    /// the number of uniform items (>= 1)
    case count
    /// each item's length
    case sizes
    /// the snap offsets themselves, strictly ascending; the last is the largest scroll offset
    case points
    /// with points: the indexes, into points, of the points a programmatic scroll may not pass (CSS scroll-snap-stop: always); each whole and below the number of points
    case snapstop
    /// the gap between items
    case spacing
    /// the inset before the first item
    case lead
    /// the inset after the last item
    case trail
    /// which edge of an item a snap lines up
    case align
    /// how snaps meet the end of the content
    case contain
    /// the session's scroll axis
    case axis
    /// an infinite carousel (the carousel strategy only)
    case loop
    /// a wheel's or a touchpad's horizontal delta, positive where the offset grows (wheel: notches; scroll: points)
    case dx
    /// the same, vertical
    case dy
    /// what the toolkit says made the wheel event; default mouse
    case source
    /// a touchpad gesture's first or last event; absent for the updates
    case phase
    /// a step's way: one snap (or page) on or back, or an end
    case to
    /// reduced: every decision is drawn at once (curve=none); default the config's motion
    case motion
    /// a widget's allow-long-swipes: long lets a swipe cross every page (adwaita); default the plugin's allowLongSwipes; ignored where a strategy has no such notion
    case swipes
    /// the view has moved since it was put on its page (a session opened again after a reconnection); default 0: put there without moving (qt-swipeview)
    case moved
}

extension Key {
    /// Each key's type and rule, in `allCases` order.
    static let specs: [KeySpec] = [
        KeySpec(.token),  // s
        KeySpec(.id),  // id
        KeySpec(.text),  // client
        KeySpec(.text),  // plugin
        KeySpec(.number),  // x
        KeySpec(.number),  // v
        KeySpec(.number),  // target
        KeySpec(.number),  // by
        KeySpec(.number),  // t
        KeySpec(.number, rule: .zeroOrAtLeastOne, problem: "0 (stop) or at least 1 ms"),  // every
        KeySpec(.whole),  // index
        KeySpec(.number),  // viewport
        KeySpec(.number, rule: .positive),  // item
        KeySpec(.whole, rule: .atMostMaxItems),  // count
        KeySpec(.numbers, rule: .eachPositive, problem: "every size must be > 0"),  // sizes
        KeySpec(.numbers),  // points
        KeySpec(.numbers),  // snapstop
        KeySpec(.number, rule: .nonNegative),  // spacing
        KeySpec(.number, rule: .nonNegative),  // lead
        KeySpec(.number, rule: .nonNegative),  // trail
        KeySpec(.choice(["start", "center", "end"])),  // align
        KeySpec(.choice(["trim", "pad"])),  // contain
        KeySpec(.choice(["x", "y"])),  // axis
        KeySpec(.boolean),  // loop
        KeySpec(.number),  // dx
        KeySpec(.number),  // dy
        KeySpec(.choice(["mouse", "other"])),  // source
        KeySpec(.choice(["begin", "end"])),  // phase
        KeySpec(.choice(["next", "prev", "first", "last"])),  // to
        KeySpec(.choice(["full", "reduced"])),  // motion
        KeySpec(.choice(["short", "long"])),  // swipes
        KeySpec(.boolean),  // moved
    ]

    /// Its place in `allCases` and `specs`.
    var ordinal: Int {
        switch self {
        case .s: 0
        case .id: 1
        case .client: 2
        case .plugin: 3
        case .x: 4
        case .v: 5
        case .target: 6
        case .by: 7
        case .t: 8
        case .every: 9
        case .index: 10
        case .viewport: 11
        case .item: 12
        case .count: 13
        case .sizes: 14
        case .points: 15
        case .snapstop: 16
        case .spacing: 17
        case .lead: 18
        case .trail: 19
        case .align: 20
        case .contain: 21
        case .axis: 22
        case .loop: 23
        case .dx: 24
        case .dy: 25
        case .source: 26
        case .phase: 27
        case .to: 28
        case .motion: 29
        case .swipes: 30
        case .moved: 31
        }
    }

    /// Where a request keeps it when a verb takes it as its own (not in a
    /// group): a scalar's slot of `RequestFields`.
    var slot: Int? {
        switch self {
        case .x: 0
        case .v: 1
        case .target: 2
        case .by: 3
        case .t: 4
        case .every: 5
        case .index: 6
        case .dx: 7
        case .dy: 8
        case .source: 9
        case .phase: 10
        case .to: 11
        case .motion: 12
        case .swipes: 13
        case .moved: 14
        default: nil
        }
    }

    /// The keys of the `geometry` group, in order: a collection's layout (detent-protocol(7), Geometry).
    public static let geometry: [Key] = [.viewport, .item, .count, .sizes, .points, .snapstop, .spacing, .lead, .trail, .align, .contain, .index, .axis, .loop]
}

/// The groups of keys a verb may take whole.
public enum KeyGroup: String, Sendable, CaseIterable {
    /// a collection's layout (detent-protocol(7), Geometry)
    case geometry

    /// Its keys, in order.
    public var keys: [Key] {
        switch self {
        case .geometry: Key.geometry
        }
    }

    /// Pairs of its keys given both or neither.
    public var together: [(Key, Key)] {
        switch self {
        case .geometry: [(.item, .count)]
        }
    }
}
