// Generated from protocol/detent-protocol.json by protocol/generate
// (protocol/generators/swift_client.py); do not edit: change the description and run protocol/generate.

import DetentCore

extension DetentClient {
    /// `hello`: Greets the daemon: its protocol, version and plugins.
    @discardableResult
    public func hello(client: String? = nil) async throws -> HelloReply {
        var fields = RequestFields()
        fields.set(.client, client)
        let body = try await call(.hello, fields)
        guard case .hello(let reply) = body else { throw Self.unexpected(body) }
        return reply
    }

    /// `ping`: Checks the connection.
    @discardableResult
    public func ping() async throws -> PongReply {
        let fields = RequestFields()
        let body = try await call(.ping, fields)
        guard case .pong(let reply) = body else { throw Self.unexpected(body) }
        return reply
    }

    /// `plugins`: The configured plugin names and the default one.
    @discardableResult
    public func plugins() async throws -> PluginsReply {
        let fields = RequestFields()
        let body = try await call(.plugins, fields)
        guard case .plugins(let reply) = body else { throw Self.unexpected(body) }
        return reply
    }

    /// `open`: Opens a session with a plugin (else the config's default) on a geometry.
    @discardableResult
    public func `open`(_ session: String, plugin: String? = nil, geometry: GeometryGroup, motion: MotionSetting? = nil, swipes: SwipeLength? = nil, moved: Bool? = nil) async throws -> OpenedReply {
        var fields = RequestFields()
        fields.set(.s, session)
        fields.set(.plugin, plugin)
        geometry.apply(to: &fields)
        fields.set(.motion, motion?.rawValue)
        fields.set(.swipes, swipes?.rawValue)
        fields.set(.moved, moved)
        let body = try await call(.`open`, fields)
        guard case .opened(let reply) = body else { throw Self.unexpected(body) }
        return reply
    }

    /// `layout`: A complete new geometry for an open session; omitted keys take their defaults.
    @discardableResult
    public func layout(_ session: String, geometry: GeometryGroup, motion: MotionSetting? = nil, swipes: SwipeLength? = nil) async throws -> OpenedReply {
        var fields = RequestFields()
        fields.set(.s, session)
        geometry.apply(to: &fields)
        fields.set(.motion, motion?.rawValue)
        fields.set(.swipes, swipes?.rawValue)
        let body = try await call(.layout, fields)
        guard case .opened(let reply) = body else { throw Self.unexpected(body) }
        return reply
    }

    /// `begin`: Finger down: the resting snap the gesture starts from.
    @discardableResult
    public func begin(_ session: String, x: Double, t: Double? = nil) async throws -> BeganReply {
        var fields = RequestFields()
        fields.set(.s, session)
        fields.set(.x, x)
        fields.set(.t, t)
        let body = try await call(.begin, fields)
        guard case .began(let reply) = body else { throw Self.unexpected(body) }
        return reply
    }

    /// `move`: Finger moved: where to draw the content.
    @discardableResult
    public func move(_ session: String, x: Double, t: Double? = nil) async throws -> MovedReply {
        var fields = RequestFields()
        fields.set(.s, session)
        fields.set(.x, x)
        fields.set(.t, t)
        let body = try await call(.move, fields)
        guard case .moved(let reply) = body else { throw Self.unexpected(body) }
        return reply
    }

    /// `end`: Finger up: the decision; without v the daemon estimates it.
    @discardableResult
    public func `end`(_ session: String, x: Double, v: Double? = nil, target: Double? = nil, t: Double? = nil) async throws -> SnapReply {
        var fields = RequestFields()
        fields.set(.s, session)
        fields.set(.x, x)
        fields.set(.v, v)
        fields.set(.target, target)
        fields.set(.t, t)
        let body = try await call(.`end`, fields)
        guard case .snap(let reply) = body else { throw Self.unexpected(body) }
        return reply
    }

    /// `cancel`: Back to the resting snap.
    @discardableResult
    public func cancel(_ session: String) async throws -> SnapReply {
        var fields = RequestFields()
        fields.set(.s, session)
        let body = try await call(.cancel, fields)
        guard case .snap(let reply) = body else { throw Self.unexpected(body) }
        return reply
    }

    /// `goto`: To an item; x, where the content is drawn now, starts the motion there.
    @discardableResult
    public func goto(_ session: String, index: Int, x: Double? = nil) async throws -> SnapReply {
        var fields = RequestFields()
        fields.set(.s, session)
        fields.set(.index, index)
        fields.set(.x, x)
        let body = try await call(.goto, fields)
        guard case .snap(let reply) = body else { throw Self.unexpected(body) }
        return reply
    }

    /// `autoplay`: One step ahead every so many ms, pushed; 0 stops.
    @discardableResult
    public func autoplay(_ session: String, every: Double) async throws -> OkReply {
        var fields = RequestFields()
        fields.set(.s, session)
        fields.set(.every, every)
        let body = try await call(.autoplay, fields)
        guard case .ok(let reply) = body else { throw Self.unexpected(body) }
        return reply
    }

    /// `close`: Forgets a session.
    @discardableResult
    public func close(_ session: String) async throws -> ClosedReply {
        var fields = RequestFields()
        fields.set(.s, session)
        let body = try await call(.close, fields)
        guard case .closed(let reply) = body else { throw Self.unexpected(body) }
        return reply
    }

    /// `stats`: The daemon's counters.
    @discardableResult
    public func stats() async throws -> StatsReply {
        let fields = RequestFields()
        let body = try await call(.stats, fields)
        guard case .stats(let reply) = body else { throw Self.unexpected(body) }
        return reply
    }

    /// `quit`: The daemon answers bye and closes the connection.
    @discardableResult
    public func quit() async throws -> ByeReply {
        let fields = RequestFields()
        let body = try await call(.quit, fields)
        guard case .bye(let reply) = body else { throw Self.unexpected(body) }
        return reply
    }

    /// `wheel`: One wheel event: a decision, or kept when it changes nothing.
    @discardableResult
    public func wheel(_ session: String, dx: Double, dy: Double, t: Double, source: WheelSource? = nil, x: Double? = nil) async throws -> TypedReply.Body {
        var fields = RequestFields()
        fields.set(.s, session)
        fields.set(.dx, dx)
        fields.set(.dy, dy)
        fields.set(.t, t)
        fields.set(.source, source?.rawValue)
        fields.set(.x, x)
        let body = try await call(.wheel, fields)
        guard [ReplyKind.snap, ReplyKind.kept].contains(where: { body.kind.name == $0.name }) else { throw Self.unexpected(body) }
        return body
    }

    /// `scroll`: One touchpad scroll event: where to draw the content; at phase=end the decision, or kept when the gesture was refused.
    @discardableResult
    public func scroll(_ session: String, dx: Double, dy: Double, t: Double, phase: ScrollPhase? = nil, x: Double? = nil) async throws -> TypedReply.Body {
        var fields = RequestFields()
        fields.set(.s, session)
        fields.set(.dx, dx)
        fields.set(.dy, dy)
        fields.set(.t, t)
        fields.set(.phase, phase?.rawValue)
        fields.set(.x, x)
        let body = try await call(.scroll, fields)
        guard [ReplyKind.moved, ReplyKind.snap, ReplyKind.kept].contains(where: { body.kind.name == $0.name }) else { throw Self.unexpected(body) }
        return body
    }

    /// `step`: One keyboard step: the next or previous snap, or an end; kept at a bound.
    @discardableResult
    public func step(_ session: String, to: StepTarget, x: Double? = nil, t: Double? = nil) async throws -> TypedReply.Body {
        var fields = RequestFields()
        fields.set(.s, session)
        fields.set(.to, to.rawValue)
        fields.set(.x, x)
        fields.set(.t, t)
        let body = try await call(.step, fields)
        guard [ReplyKind.snap, ReplyKind.kept].contains(where: { body.kind.name == $0.name }) else { throw Self.unexpected(body) }
        return body
    }

    /// `scrollby`: A programmatic scroll by a displacement: the snap nearest x + by in by's direction; kept when none lies that way.
    @discardableResult
    public func scrollby(_ session: String, by: Double, x: Double? = nil, t: Double? = nil) async throws -> TypedReply.Body {
        var fields = RequestFields()
        fields.set(.s, session)
        fields.set(.by, by)
        fields.set(.x, x)
        fields.set(.t, t)
        let body = try await call(.scrollby, fields)
        guard [ReplyKind.snap, ReplyKind.kept].contains(where: { body.kind.name == $0.name }) else { throw Self.unexpected(body) }
        return body
    }
}
