// Generated from protocol/detent-protocol.json by protocol/generate
// (protocol/generators/swift_client.py); do not edit: change the description and run protocol/generate.

import DetentCore

/// `hello`: The daemon's greeting.
public struct HelloReply: Sendable, Equatable {
    /// the protocol's version
    public var proto: Int
    /// detentd/VERSION
    public var server: String
    /// the configured plugins
    public var plugins: [String]

    public init(proto: Int, server: String, plugins: [String]) {
        self.proto = proto
        self.server = server
        self.plugins = plugins
    }

    /// Reads a reply line of this kind; a field it must have that is
    /// missing or malformed is `unexpectedReply`.
    public init(_ reply: Reply) throws(DetentClientError) {
        guard let proto = reply.int(.proto) else { throw .unexpectedReply(reply.line) }
        guard let server = reply[.server] else { throw .unexpectedReply(reply.line) }
        guard let plugins = reply.list(.plugins) else { throw .unexpectedReply(reply.line) }
        self.init(proto: proto, server: server, plugins: plugins)
    }
}

/// `pong`: The answer to ping.
public struct PongReply: Sendable, Equatable {

    public init() {
    }

    /// Reads a reply line of this kind; a field it must have that is
    /// missing or malformed is `unexpectedReply`.
    public init(_ reply: Reply) throws(DetentClientError) {
        self.init()
    }
}

/// `plugins`: The configured plugins.
public struct PluginsReply: Sendable, Equatable {
    /// every configured plugin
    public var names: [String]
    /// the plugin of an open without plugin
    public var `default`: String

    public init(names: [String], default: String) {
        self.names = names
        self.`default` = `default`
    }

    /// Reads a reply line of this kind; a field it must have that is
    /// missing or malformed is `unexpectedReply`.
    public init(_ reply: Reply) throws(DetentClientError) {
        guard let names = reply.list(.names) else { throw .unexpectedReply(reply.line) }
        guard let `default` = reply[.`default`] else { throw .unexpectedReply(reply.line) }
        self.init(names: names, default: `default`)
    }
}

/// `opened`: A session's resting snap, after open or layout.
public struct OpenedReply: Sendable, Equatable {
    public var session: String
    /// the session's plugin
    public var plugin: String
    /// the resting item
    public var index: Int
    /// the resting offset
    public var x: Double
    /// the number of snaps
    public var snaps: Int
    /// the trailing space to add, exactly with contain=pad
    public var pad: Double?
    /// the items duplicated at each end, exactly for loops
    public var dup: Int?

    public init(session: String, plugin: String, index: Int, x: Double, snaps: Int, pad: Double? = nil, dup: Int? = nil) {
        self.session = session
        self.plugin = plugin
        self.index = index
        self.x = x
        self.snaps = snaps
        self.pad = pad
        self.dup = dup
    }

    /// Reads a reply line of this kind; a field it must have that is
    /// missing or malformed is `unexpectedReply`.
    public init(_ reply: Reply) throws(DetentClientError) {
        guard let session = reply[.s] else { throw .unexpectedReply(reply.line) }
        guard let plugin = reply[.plugin] else { throw .unexpectedReply(reply.line) }
        guard let index = reply.int(.index) else { throw .unexpectedReply(reply.line) }
        guard let x = reply.number(.x) else { throw .unexpectedReply(reply.line) }
        guard let snaps = reply.int(.snaps) else { throw .unexpectedReply(reply.line) }
        let pad = reply.number(.pad)
        let dup = reply.int(.dup)
        self.init(session: session, plugin: plugin, index: index, x: x, snaps: snaps, pad: pad, dup: dup)
    }
}

/// `began`: The resting snap a gesture starts from.
public struct BeganReply: Sendable, Equatable {
    public var session: String
    /// the item
    public var index: Int
    /// its offset
    public var x: Double
    /// in a loop, the real item's offset to set at once
    public var jump: Double?

    public init(session: String, index: Int, x: Double, jump: Double? = nil) {
        self.session = session
        self.index = index
        self.x = x
        self.jump = jump
    }

    /// Reads a reply line of this kind; a field it must have that is
    /// missing or malformed is `unexpectedReply`.
    public init(_ reply: Reply) throws(DetentClientError) {
        guard let session = reply[.s] else { throw .unexpectedReply(reply.line) }
        guard let index = reply.int(.index) else { throw .unexpectedReply(reply.line) }
        guard let x = reply.number(.x) else { throw .unexpectedReply(reply.line) }
        let jump = reply.number(.jump)
        self.init(session: session, index: index, x: x, jump: jump)
    }
}

/// `moved`: Where to draw the content during a drag.
public struct MovedReply: Sendable, Equatable {
    public var session: String
    /// the offset to draw
    public var x: Double

    public init(session: String, x: Double) {
        self.session = session
        self.x = x
    }

    /// Reads a reply line of this kind; a field it must have that is
    /// missing or malformed is `unexpectedReply`.
    public init(_ reply: Reply) throws(DetentClientError) {
        guard let session = reply[.s] else { throw .unexpectedReply(reply.line) }
        guard let x = reply.number(.x) else { throw .unexpectedReply(reply.line) }
        self.init(session: session, x: x)
    }
}

/// `snap`: A decision: where the collection comes to rest and the motion there.
public struct SnapReply: Sendable, Equatable, MotionReply {
    public var session: String
    /// the item it rests on (for loops the logical one)
    public var index: Int
    /// the offset it rests at
    public var x: Double
    /// keep the momentum, or stop and animate
    public var mode: String
    /// what led to it
    public var cause: String
    /// the page, with the page strategies
    public var page: Int?
    /// for loops, the equivalent offset to set once at rest
    public var jump: Double?
    /// where the motion starts
    public var from: Double
    /// the velocity it starts with, pt/ms
    public var v: Double
    /// the motion's curve, with its fields
    public var curve: String
    public var rate: Double?
    public var omega: Double?
    public var accel: Double?
    public var stop: Int?
    /// ms into the motion at which the deceleration re-aims to stop on x at stop (qt-swipeview); absent: none
    public var aim: Double?
    /// the first control point's x
    public var p1x: Double?
    /// its y
    public var p1y: Double?
    /// the second control point's x
    public var p2x: Double?
    /// its y
    public var p2y: Double?
    /// the segments, each at/span/from/to/p1x/p1y/p2x/p2y
    public var path: [String]?
    /// the duration in ms
    public var ms: Int

    public init(session: String, index: Int, x: Double, mode: String, cause: String, page: Int? = nil, jump: Double? = nil, from: Double, v: Double, curve: String, rate: Double? = nil, omega: Double? = nil, accel: Double? = nil, stop: Int? = nil, aim: Double? = nil, p1x: Double? = nil, p1y: Double? = nil, p2x: Double? = nil, p2y: Double? = nil, path: [String]? = nil, ms: Int) {
        self.session = session
        self.index = index
        self.x = x
        self.mode = mode
        self.cause = cause
        self.page = page
        self.jump = jump
        self.from = from
        self.v = v
        self.curve = curve
        self.rate = rate
        self.omega = omega
        self.accel = accel
        self.stop = stop
        self.aim = aim
        self.p1x = p1x
        self.p1y = p1y
        self.p2x = p2x
        self.p2y = p2y
        self.path = path
        self.ms = ms
    }

    /// Reads a reply line of this kind; a field it must have that is
    /// missing or malformed is `unexpectedReply`.
    public init(_ reply: Reply) throws(DetentClientError) {
        guard let session = reply[.s] else { throw .unexpectedReply(reply.line) }
        guard let index = reply.int(.index) else { throw .unexpectedReply(reply.line) }
        guard let x = reply.number(.x) else { throw .unexpectedReply(reply.line) }
        guard let mode = reply.choice(.mode) else { throw .unexpectedReply(reply.line) }
        guard let cause = reply.choice(.cause) else { throw .unexpectedReply(reply.line) }
        let page = reply.int(.page)
        let jump = reply.number(.jump)
        guard let from = reply.number(.from) else { throw .unexpectedReply(reply.line) }
        guard let v = reply.number(.v) else { throw .unexpectedReply(reply.line) }
        guard let curve = reply[.curve] else { throw .unexpectedReply(reply.line) }
        let rate = reply.number(.rate)
        let omega = reply.number(.omega)
        let accel = reply.number(.accel)
        let stop = reply.int(.stop)
        let aim = reply.number(.aim)
        let p1x = reply.number(.p1x)
        let p1y = reply.number(.p1y)
        let p2x = reply.number(.p2x)
        let p2y = reply.number(.p2y)
        let path = reply.list(.path)
        guard let ms = reply.int(.ms) else { throw .unexpectedReply(reply.line) }
        self.init(session: session, index: index, x: x, mode: mode, cause: cause, page: page, jump: jump, from: from, v: v, curve: curve, rate: rate, omega: omega, accel: accel, stop: stop, aim: aim, p1x: p1x, p1y: p1y, p2x: p2x, p2y: p2y, path: path, ms: ms)
        try checkMotion(reply)
    }
}

/// `ok`: Autoplay set.
public struct OkReply: Sendable, Equatable {
    public var session: String
    /// the period in ms, 0 when stopped
    public var every: Double

    public init(session: String, every: Double) {
        self.session = session
        self.every = every
    }

    /// Reads a reply line of this kind; a field it must have that is
    /// missing or malformed is `unexpectedReply`.
    public init(_ reply: Reply) throws(DetentClientError) {
        guard let session = reply[.s] else { throw .unexpectedReply(reply.line) }
        guard let every = reply.number(.every) else { throw .unexpectedReply(reply.line) }
        self.init(session: session, every: every)
    }
}

/// `closed`: A session forgotten.
public struct ClosedReply: Sendable, Equatable {
    public var session: String

    public init(session: String) {
        self.session = session
    }

    /// Reads a reply line of this kind; a field it must have that is
    /// missing or malformed is `unexpectedReply`.
    public init(_ reply: Reply) throws(DetentClientError) {
        guard let session = reply[.s] else { throw .unexpectedReply(reply.line) }
        self.init(session: session)
    }
}

/// `stats`: The daemon's counters.
public struct StatsReply: Sendable, Equatable {
    /// open connections, refused ones excluded
    public var connections: Int
    /// open sessions on all of them
    public var sessions: Int
    /// request lines answered since start
    public var requests: Int
    /// error replies sent since start
    public var errors: Int
    /// whole seconds since start
    public var uptime: Int

    public init(connections: Int, sessions: Int, requests: Int, errors: Int, uptime: Int) {
        self.connections = connections
        self.sessions = sessions
        self.requests = requests
        self.errors = errors
        self.uptime = uptime
    }

    /// Reads a reply line of this kind; a field it must have that is
    /// missing or malformed is `unexpectedReply`.
    public init(_ reply: Reply) throws(DetentClientError) {
        guard let connections = reply.int(.connections) else { throw .unexpectedReply(reply.line) }
        guard let sessions = reply.int(.sessions) else { throw .unexpectedReply(reply.line) }
        guard let requests = reply.int(.requests) else { throw .unexpectedReply(reply.line) }
        guard let errors = reply.int(.errors) else { throw .unexpectedReply(reply.line) }
        guard let uptime = reply.int(.uptime) else { throw .unexpectedReply(reply.line) }
        self.init(connections: connections, sessions: sessions, requests: requests, errors: errors, uptime: uptime)
    }
}

/// `bye`: The answer to quit; the connection is then closed.
public struct ByeReply: Sendable, Equatable {

    public init() {
    }

    /// Reads a reply line of this kind; a field it must have that is
    /// missing or malformed is `unexpectedReply`.
    public init(_ reply: Reply) throws(DetentClientError) {
        self.init()
    }
}

/// `error`: A refusal: the connection stays open and the session keeps its state unless said.
public struct ErrorReply: Sendable, Equatable {
    /// the error code
    public var code: String
    /// the session, when valid
    public var session: String?
    /// what was wrong, in words
    public var msg: String

    public init(code: String, session: String? = nil, msg: String) {
        self.code = code
        self.session = session
        self.msg = msg
    }

    /// Reads a reply line of this kind; a field it must have that is
    /// missing or malformed is `unexpectedReply`.
    public init(_ reply: Reply) throws(DetentClientError) {
        guard let code = reply[.code] else { throw .unexpectedReply(reply.line) }
        let session = reply[.s]
        guard let msg = reply[.msg] else { throw .unexpectedReply(reply.line) }
        self.init(code: code, session: session, msg: msg)
    }
}

/// `kept`: A wheel event, a touchpad gesture's end, a step or a scrollby that changes nothing (a lock, a motion under way, a bound, the other axis, a touchpad hold): where the collection rests.
public struct KeptReply: Sendable, Equatable {
    public var session: String
    /// the item of the last decision
    public var index: Int

    public init(session: String, index: Int) {
        self.session = session
        self.index = index
    }

    /// Reads a reply line of this kind; a field it must have that is
    /// missing or malformed is `unexpectedReply`.
    public init(_ reply: Reply) throws(DetentClientError) {
        guard let session = reply[.s] else { throw .unexpectedReply(reply.line) }
        guard let index = reply.int(.index) else { throw .unexpectedReply(reply.line) }
        self.init(session: session, index: index)
    }
}
