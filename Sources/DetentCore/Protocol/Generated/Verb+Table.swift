// Generated from protocol/detent-protocol.json by protocol/generate
// (protocol/generators/swift.py); do not edit: change the description and run protocol/generate.

extension Verb {
    /// The verbs of detent-protocol(7), "Requests": each one's name, the keys
    /// it takes and needs, its groups of keys, its replies and its scope.
    static let table: [Row] = [
        row("hello", takes: [.client], groups: [], needs: [],
            replies: [.hello], scope: .connection),
        row("ping", takes: [], groups: [], needs: [],
            replies: [.pong], scope: .connection),
        row("plugins", takes: [], groups: [], needs: [],
            replies: [.plugins], scope: .connection),
        row("open", takes: [.s, .plugin, .motion, .swipes, .moved], groups: [.geometry], needs: [.s, .viewport],
            replies: [.opened], scope: .connection),
        row("layout", takes: [.s, .motion, .swipes], groups: [.geometry], needs: [.s, .viewport],
            replies: [.opened], scope: .session),
        row("begin", takes: [.s, .x, .t], groups: [], needs: [.s, .x],
            replies: [.began], scope: .session),
        row("move", takes: [.s, .x, .t], groups: [], needs: [.s, .x],
            replies: [.moved], scope: .session),
        row("end", takes: [.s, .x, .v, .target, .t], groups: [], needs: [.s, .x],
            replies: [.snap], scope: .session),
        row("cancel", takes: [.s], groups: [], needs: [.s],
            replies: [.snap], scope: .session),
        row("goto", takes: [.s, .index, .x], groups: [], needs: [.s, .index],
            replies: [.snap], scope: .session),
        row("autoplay", takes: [.s, .every], groups: [], needs: [.s, .every],
            replies: [.ok], scope: .session),
        row("close", takes: [.s], groups: [], needs: [.s],
            replies: [.closed], scope: .connection),
        row("stats", takes: [], groups: [], needs: [],
            replies: [.stats], scope: .connection),
        row("quit", takes: [], groups: [], needs: [],
            replies: [.bye], scope: .connection),
        row("wheel", takes: [.s, .dx, .dy, .t, .source, .x], groups: [], needs: [.s, .dx, .dy, .t],
            replies: [.snap, .kept], scope: .session),
        row("scroll", takes: [.s, .dx, .dy, .t, .phase, .x], groups: [], needs: [.s, .dx, .dy, .t],
            replies: [.moved, .snap, .kept], scope: .session),
        row("step", takes: [.s, .to, .x, .t], groups: [], needs: [.s, .to],
            replies: [.snap, .kept], scope: .session),
        row("scrollby", takes: [.s, .by, .x, .t], groups: [], needs: [.s, .by],
            replies: [.snap, .kept], scope: .session),
    ]

    /// `hello`: Greets the daemon: its protocol, version and plugins.
    public static let hello = Verb(row: 0)

    /// `ping`: Checks the connection.
    public static let ping = Verb(row: 1)

    /// `plugins`: The configured plugin names and the default one.
    public static let plugins = Verb(row: 2)

    /// `open`: Opens a session with a plugin (else the config's default) on a geometry.
    public static let `open` = Verb(row: 3)

    /// `layout`: A complete new geometry for an open session; omitted keys take their defaults.
    public static let layout = Verb(row: 4)

    /// `begin`: Finger down: the resting snap the gesture starts from.
    public static let begin = Verb(row: 5)

    /// `move`: Finger moved: where to draw the content.
    public static let move = Verb(row: 6)

    /// `end`: Finger up: the decision; without v the daemon estimates it.
    public static let `end` = Verb(row: 7)

    /// `cancel`: Back to the resting snap.
    public static let cancel = Verb(row: 8)

    /// `goto`: To an item; x, where the content is drawn now, starts the motion there.
    public static let goto = Verb(row: 9)

    /// `autoplay`: One step ahead every so many ms, pushed; 0 stops.
    public static let autoplay = Verb(row: 10)

    /// `close`: Forgets a session.
    public static let close = Verb(row: 11)

    /// `stats`: The daemon's counters.
    public static let stats = Verb(row: 12)

    /// `quit`: The daemon answers bye and closes the connection.
    public static let quit = Verb(row: 13)

    /// `wheel`: One wheel event: a decision, or kept when it changes nothing.
    public static let wheel = Verb(row: 14)

    /// `scroll`: One touchpad scroll event: where to draw the content; at phase=end the decision, or kept when the gesture was refused.
    public static let scroll = Verb(row: 15)

    /// `step`: One keyboard step: the next or previous snap, or an end; kept at a bound.
    public static let step = Verb(row: 16)

    /// `scrollby`: A programmatic scroll by a displacement: the snap nearest x + by in by's direction; kept when none lies that way.
    public static let scrollby = Verb(row: 17)
}
