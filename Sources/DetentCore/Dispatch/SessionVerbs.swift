/// The verbs of an open session and their replies (detent-protocol(7),
/// "Verbs" and "Motion"): the handlers the verb table names. The
/// dispatcher finds the session; these act on it. A key the verb
/// requires is there (`Request` checked it), so `?? 0` never applies.
enum SessionVerbs {
    static func layout(_ r: Request, _ session: inout Session, _ server: ServerState, _ output: ReplyBuffer) throws(ProtocolError) -> LineEffect {
        try session.relayout(r.fields.geometry, maxItems: server.config.limits.maxItems,
                             motion: r.fields.motion.flatMap(MotionSetting.init(rawValue:)), longSwipes: r.fields.swipes.map { $0 == SwipeLength.long.rawValue })
        Replies.opened(r, session, output)
        return restarted(r, session)
    }

    static func begin(_ r: Request, _ session: inout Session, _ server: ServerState, _ output: ReplyBuffer) -> LineEffect {
        let began = session.begin(x: r.fields.x ?? 0, t: r.fields.t)
        Replies.line(.began, r, output) { w in
            w.int(.index, began.index)
            w.number(.x, began.x)
            if let jump = began.jump { w.number(.jump, jump) }
        }
        return LineEffect()
    }

    static func move(_ r: Request, _ session: inout Session, _ server: ServerState, _ output: ReplyBuffer) -> LineEffect {
        let drawn = session.move(x: r.fields.x ?? 0, t: r.fields.t)
        Replies.line(.moved, r, output) { w in w.number(.x, drawn) }
        return LineEffect()
    }

    static func end(_ r: Request, _ session: inout Session, _ server: ServerState, _ output: ReplyBuffer) throws(ProtocolError) -> LineEffect {
        Replies.snap(try session.end(x: r.fields.x ?? 0, v: r.fields.v, target: r.fields.target, t: r.fields.t), r, output)
        return restarted(r, session)
    }

    static func cancel(_ r: Request, _ session: inout Session, _ server: ServerState, _ output: ReplyBuffer) -> LineEffect {
        Replies.snap(session.cancel(), r, output)
        return restarted(r, session)
    }

    static func goto(_ r: Request, _ session: inout Session, _ server: ServerState, _ output: ReplyBuffer) throws(ProtocolError) -> LineEffect {
        Replies.snap(try session.goto(index: r.fields.index ?? 0, from: r.fields.x), r, output)
        return restarted(r, session)
    }

    static func autoplay(_ r: Request, _ session: inout Session, _ server: ServerState, _ output: ReplyBuffer) -> LineEffect {
        let every = r.fields.every ?? 0
        let had = session.autoplay != nil
        session.autoplay = every > 0 ? AutoplaySettings(every: every, encoding: r.encoding) : nil
        Replies.line(.ok, r, output) { w in w.number(.every, every) }
        return LineEffect(autoplayChanged: had || session.autoplay != nil ? r.session : nil)
    }

    static func wheel(_ r: Request, _ session: inout Session, _ server: ServerState, _ output: ReplyBuffer) throws(ProtocolError) -> LineEffect {
        switch try session.wheel(input(r), x: r.fields.x) {
        case .decision(let decision): return snapped(decision, r, session, output)
        case .kept(let index): return kept(index, r, output)
        }
    }

    static func scroll(_ r: Request, _ session: inout Session, _ server: ServerState, _ output: ReplyBuffer) throws(ProtocolError) -> LineEffect {
        switch try session.scroll(input(r), phase: r.fields.phase.flatMap(ScrollPhase.init(rawValue:)), x: r.fields.x) {
        case .moved(let x):
            Replies.line(.moved, r, output) { w in w.number(.x, x) }
            return LineEffect()
        case .decision(let decision): return snapped(decision, r, session, output)
        case .kept(let index): return kept(index, r, output)
        }
    }

    private static func snapped(_ decision: Decision, _ r: Request, _ session: Session, _ output: ReplyBuffer) -> LineEffect {
        Replies.snap(decision, r, output)
        return restarted(r, session)
    }

    /// `kept`: nothing changed; the index of the last decision.
    private static func kept(_ index: Int, _ r: Request, _ output: ReplyBuffer) -> LineEffect {
        Replies.line(.kept, r, output) { w in w.int(.index, index) }
        return LineEffect()
    }

    static func step(_ r: Request, _ session: inout Session, _ server: ServerState, _ output: ReplyBuffer) -> LineEffect {
        let to = r.fields.to.flatMap(StepTarget.init(rawValue:)) ?? .next
        switch session.step(to, x: r.fields.x, t: r.fields.t) {
        case .decision(let decision): return snapped(decision, r, session, output)
        case .kept(let index): return kept(index, r, output)
        }
    }

    static func scrollby(_ r: Request, _ session: inout Session, _ server: ServerState, _ output: ReplyBuffer) -> LineEffect {
        switch session.scrollBy(r.fields.by ?? 0, x: r.fields.x, t: r.fields.t) {
        case .decision(let decision): return snapped(decision, r, session, output)
        case .kept(let index): return kept(index, r, output)
        }
    }

    /// A wheel's or a touchpad's event as the request gives it.
    private static func input(_ r: Request) -> ScrollInput {
        ScrollInput(dx: r.fields.dx ?? 0, dy: r.fields.dy ?? 0, t: r.fields.t ?? 0,
                    source: r.fields.source.flatMap(WheelSource.init(rawValue:)) ?? .mouse)
    }

    /// A layout or a decision restarts the autoplay period.
    private static func restarted(_ r: Request, _ session: Session) -> LineEffect {
        LineEffect(autoplayChanged: session.autoplay == nil ? nil : r.session)
    }
}
