// Generated from protocol/detent-protocol.json by protocol/generate
// (protocol/generators/swift.py); do not edit: change the description and run protocol/generate.

extension ReplyField {
    public static let id = ReplyField("id", .string)
    /// the protocol's version
    public static let proto = ReplyField("proto", .integer)
    /// detentd/VERSION
    public static let server = ReplyField("server", .word)
    /// the configured plugins
    public static let plugins = ReplyField("plugins", .words)
    /// every configured plugin
    public static let names = ReplyField("names", .words)
    /// the plugin of an open without plugin
    public static let `default` = ReplyField("default", .word)
    public static let s = ReplyField("s", .word)
    /// the session's plugin
    public static let plugin = ReplyField("plugin", .word)
    /// the resting item
    public static let index = ReplyField("index", .integer)
    /// the resting offset
    public static let x = ReplyField("x", .number)
    /// the number of snaps
    public static let snaps = ReplyField("snaps", .integer)
    /// the trailing space to add, exactly with contain=pad
    public static let pad = ReplyField("pad", .number)
    /// the items duplicated at each end, exactly for loops
    public static let dup = ReplyField("dup", .integer)
    /// in a loop, the real item's offset to set at once
    public static let jump = ReplyField("jump", .number)
    /// keep the momentum, or stop and animate
    public static let mode = ReplyField("mode", .word)
    /// what led to it
    public static let cause = ReplyField("cause", .word)
    /// the page, with the page strategies
    public static let page = ReplyField("page", .integer)
    /// where the motion starts
    public static let from = ReplyField("from", .number)
    /// the velocity it starts with, pt/ms
    public static let v = ReplyField("v", .number)
    /// the motion's curve, with its fields
    public static let curve = ReplyField("curve", .word)
    public static let rate = ReplyField("rate", .number)
    public static let omega = ReplyField("omega", .number)
    public static let accel = ReplyField("accel", .number)
    public static let stop = ReplyField("stop", .integer)
    /// ms into the motion at which the deceleration re-aims to stop on x at stop (qt-swipeview); absent: none
    public static let aim = ReplyField("aim", .number)
    /// the first control point's x
    public static let p1x = ReplyField("p1x", .number)
    /// its y
    public static let p1y = ReplyField("p1y", .number)
    /// the second control point's x
    public static let p2x = ReplyField("p2x", .number)
    /// its y
    public static let p2y = ReplyField("p2y", .number)
    /// the segments, each at/span/from/to/p1x/p1y/p2x/p2y
    public static let path = ReplyField("path", .words)
    /// the duration in ms
    public static let ms = ReplyField("ms", .integer)
    /// the period in ms, 0 when stopped
    public static let every = ReplyField("every", .number)
    /// open connections, refused ones excluded
    public static let connections = ReplyField("connections", .integer)
    /// open sessions on all of them
    public static let sessions = ReplyField("sessions", .integer)
    /// request lines answered since start
    public static let requests = ReplyField("requests", .integer)
    /// error replies sent since start
    public static let errors = ReplyField("errors", .integer)
    /// whole seconds since start
    public static let uptime = ReplyField("uptime", .integer)
    /// the error code
    public static let code = ReplyField("code", .word)
    /// what was wrong, in words
    public static let msg = ReplyField("msg", .string)
}

extension ReplyKind {
    /// The daemon's greeting.
    public static let hello = ReplyKind("hello", [.proto, .server, .plugins], optional: [])
    /// The answer to ping.
    public static let pong = ReplyKind("pong", [], optional: [])
    /// The configured plugins.
    public static let plugins = ReplyKind("plugins", [.names, .`default`], optional: [])
    /// A session's resting snap, after open or layout.
    public static let opened = ReplyKind("opened", [.s, .plugin, .index, .x, .snaps], optional: [.pad, .dup])
    /// The resting snap a gesture starts from.
    public static let began = ReplyKind("began", [.s, .index, .x], optional: [.jump])
    /// Where to draw the content during a drag.
    public static let moved = ReplyKind("moved", [.s, .x], optional: [])
    /// A decision: where the collection comes to rest and the motion there.
    public static let snap = ReplyKind("snap", [.s, .index, .x, .mode, .cause, .from, .v, .curve, .ms], optional: [.page, .jump, .rate, .omega, .accel, .stop, .aim, .p1x, .p1y, .p2x, .p2y, .path])
    /// Autoplay set.
    public static let ok = ReplyKind("ok", [.s, .every], optional: [])
    /// A session forgotten.
    public static let closed = ReplyKind("closed", [.s], optional: [])
    /// The daemon's counters.
    public static let stats = ReplyKind("stats", [.connections, .sessions, .requests, .errors, .uptime], optional: [])
    /// The answer to quit; the connection is then closed.
    public static let bye = ReplyKind("bye", [], optional: [])
    /// A refusal: the connection stays open and the session keeps its state unless said.
    public static let error = ReplyKind("error", [.code, .msg], optional: [.s])
    /// A wheel event, a touchpad gesture's end, a step or a scrollby that changes nothing (a lock, a motion under way, a bound, the other axis, a touchpad hold): where the collection rests.
    public static let kept = ReplyKind("kept", [.s, .index], optional: [])

    /// Every reply kind, in the description's order.
    public static let all: [ReplyKind] = [hello, pong, plugins, opened, began, moved, snap, ok, closed, stats, bye, error, kept]

    /// The kinds pushed without a request (detent-protocol(7), "Autoplay").
    public static let pushed: [ReplyKind] = [snap]
}

extension ReplyField {
    /// The values an enumerated field takes, by the field's name.
    public static let enumerations: [String: [String]] = [
        "mode": ["decelerate", "animate"],
        "cause": ["release", "cancel", "goto", "autoplay", "wheel", "scroll", "step", "scrollby"],
        "curve": ["decay", "spring", "ease", "brake", "none", "bezier", "path"],
        "code": ["bad-line", "line-too-long", "unknown-verb", "unknown-key", "missing-key", "bad-value", "unknown-session", "session-exists", "unknown-plugin", "too-many-sessions", "bad-layout", "unsupported-layout", "busy", "forbidden", "plugin-failed"],
    ]

    /// The fields of a decision's motion (detent-protocol(7), "Motion").
    public static let motion: [ReplyField] = [.from, .v, .curve, .rate, .omega, .accel, .stop, .aim, .p1x, .p1y, .p2x, .p2y, .path, .ms]
}

/// The curves of a decision's motion and the fields each adds.
public struct CurveDescription: Sendable {
    public let name: String
    public let fields: [ReplyField]

    /// Every curve, in the description's order.
    public static let all: [CurveDescription] = [
        CurveDescription(name: "decay", fields: [.rate]),
        CurveDescription(name: "spring", fields: [.omega]),
        CurveDescription(name: "ease", fields: []),
        CurveDescription(name: "brake", fields: [.accel, .stop]),
        CurveDescription(name: "none", fields: []),
        CurveDescription(name: "bezier", fields: [.p1x, .p1y, .p2x, .p2y]),
        CurveDescription(name: "path", fields: [.path]),
    ]
}
