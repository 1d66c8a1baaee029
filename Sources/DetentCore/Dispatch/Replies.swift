/// Every reply line's fields, written in one place (detent-protocol(7),
/// "Replies"): the dispatcher and the session verbs call these, and neither
/// calls the other for a reply.
enum Replies {
    /// Appends the reply line `verb` to a request, with its `s` and `id`,
    /// then what `fields` adds. Nothing in it throws: a reply is written
    /// whole or not at all.
    static func line(
        _ kind: ReplyKind, _ r: Request, _ output: ReplyBuffer, _ fields: (ReplyWriter) -> Void = { _ in }
    ) {
        let w = ReplyWriter(kind, encoding: r.encoding, into: output)
        if let session = r.session { w.word(.s, session) }
        if let id = r.id { w.id(id) }
        fields(w)
        w.end()
    }

    /// An `error` reply, counted as an error (the request is counted by the caller).
    static func error(
        _ error: ProtocolError, encoding: Encoding, echo: (session: String?, id: RequestID?), server: ServerState,
        output: ReplyBuffer
    ) {
        server.errors += 1
        let w = ReplyWriter(.error, encoding: encoding, into: output)
        if echo.session == nil, let id = echo.id { w.id(id) }
        w.word(.code, error.code.rawValue)
        if let session = echo.session {
            w.word(.s, session)
            if let id = echo.id { w.id(id) }
        }
        w.string(.msg, error.message, alwaysQuote: true)
        w.end()
    }

    /// The `opened` reply of `open` and `layout`.
    static func opened(_ r: Request, _ session: Session, _ output: ReplyBuffer) {
        line(.opened, r, output) { w in
            w.word(.plugin, session.plugin.name)
            w.int(.index, session.restingIndex)
            w.number(.x, session.restingOffset)
            w.int(.snaps, session.layout.snaps.count)
            if let pad = session.layout.snaps.pad { w.number(.pad, pad) }
            if session.layout.snaps.loopCount != nil { w.int(.dup, SnapSet.loopDuplicates) }
        }
    }

    /// A `snap` reply to a request.
    static func snap(_ d: Decision, _ r: Request, _ output: ReplyBuffer) {
        let echo = r.echo
        let (x, v) = (r.fields.x, r.fields.v)
        line(.snap, r, output) { w in decision(w, d, echo: echo, x: x, v: v) }
    }

    /// A pushed `snap` line (autoplay): no `id`.
    static func pushed(_ d: Decision, session: String, encoding: Encoding) -> String {
        let out = ReplyBuffer(capacity: 192)
        let w = ReplyWriter(.snap, encoding: encoding, into: out)
        w.word(.s, session)
        decision(w, d)
        w.end()
        return String(decoding: out.bytes, as: UTF8.self)
    }

    /// A path's segment as its token: at/span/from/to/p1x/p1y/p2x/p2y.
    static func segment(_ s: CssSnapSegment) -> String {
        [s.start, s.duration, s.from, s.to, s.curve.p1x, s.curve.p1y, s.curve.p2x, s.curve.p2y]
            .map { NumberFormat.string($0) }.joined(separator: "/")
    }

    /// A decision's fields, its motion's included; `from` and `v` copy the
    /// request's own decimals where they are its very numbers.
    static func decision(_ w: ReplyWriter, _ d: Decision, echo: DecimalEcho = DecimalEcho(), x: Double? = nil, v: Double? = nil) {
        w.int(.index, d.index)
        w.number(.x, d.x)
        w.word(.mode, d.mode.wireName)
        w.word(.cause, d.cause.wireName)
        if let page = d.page { w.int(.page, page) }
        if let jump = d.jump { w.number(.jump, jump) }
        let motion = d.motion
        w.number(.from, motion.from, echo: echo.text(of: motion.from, x: x, v: v))
        w.number(.v, motion.v, echo: echo.text(of: motion.v, x: x, v: v))
        switch motion.curve {
        case .decay(let rate):
            w.word(.curve, "decay" as StaticString)
            w.number(.rate, rate)
        case .spring(let omega):
            w.word(.curve, "spring" as StaticString)
            w.number(.omega, omega)
        case .ease:
            w.word(.curve, "ease" as StaticString)
        case .brake(let accel, let stop, let aim):
            w.word(.curve, "brake" as StaticString)
            w.number(.accel, accel)
            w.int(.stop, stop)
            if aim > 0 { w.number(.aim, aim) }
        case .instant:
            w.word(.curve, "none" as StaticString)
        case .bezier(let b):
            w.word(.curve, "bezier" as StaticString)
            w.number(.p1x, b.p1x)
            w.number(.p1y, b.p1y)
            w.number(.p2x, b.p2x)
            w.number(.p2y, b.p2y)
        case .path(let segments):
            w.word(.curve, "path" as StaticString)
            w.words(.path, segments.map(Self.segment))
        }
        w.int(.ms, motion.duration)
    }
}
