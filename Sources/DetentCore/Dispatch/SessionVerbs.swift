/// The verbs of an open session and their replies (detent-protocol(7),
/// "Verbs" and "Motion"): the dispatcher finds the session, these act on it.
enum SessionVerbs {
    /// Runs `command` on `session` and appends its reply to `output`.
    static func run(
        _ command: SessionCommand, _ r: Request, _ name: String, _ session: inout Session, maxItems: Int,
        output: ReplyBuffer
    ) throws(ProtocolError) -> LineEffect {
        switch command {
        case .layout(let geometry):
            try session.relayout(geometry, maxItems: maxItems)
            opened(r, session, output)
        case .begin(let x, let t):
            let began = session.begin(x: x, t: t)
            Dispatcher.reply("began", r, output) { w in
                w.int("index", began.index)
                w.number("x", began.x)
                if let jump = began.jump { w.number("jump", jump) }
            }
            return LineEffect()
        case .move(let x, let t):
            let drawn = session.move(x: x, t: t)
            Dispatcher.reply("moved", r, output) { w in w.number("x", drawn) }
            return LineEffect()
        case .end(let x, let v, let target, let t):
            snap(try session.end(x: x, v: v, target: target, t: t), r, output)
        case .cancel:
            snap(session.cancel(), r, output)
        case .goto(let index, let x):
            snap(try session.goto(index: index, from: x), r, output)
        case .autoplay(let every):
            let had = session.autoplay != nil
            session.autoplay = every > 0 ? AutoplaySettings(every: every, encoding: r.encoding) : nil
            Dispatcher.reply("ok", r, output) { w in w.number("every", every) }
            return LineEffect(autoplayChanged: had || session.autoplay != nil ? name : nil)
        case .open, .close:
            // The dispatcher's: they add or remove the session itself.
            throw ProtocolError(.unknownVerb, "\(command.verb.rawValue) is not run on an open session")
        }
        // A layout or a decision restarts the autoplay period.
        return LineEffect(autoplayChanged: session.autoplay == nil ? nil : name)
    }

    /// The `opened` reply of `open` and `layout`.
    static func opened(_ r: Request, _ session: Session, _ output: ReplyBuffer) {
        Dispatcher.reply("opened", r, output) { w in
            w.word("plugin", session.plugin.name)
            w.int("index", session.restingIndex)
            w.number("x", session.restingOffset)
            w.int("snaps", session.layout.snaps.count)
            if let pad = session.layout.snaps.pad { w.number("pad", pad) }
            if session.layout.snaps.loopCount != nil { w.int("dup", SnapSet.loopDuplicates) }
        }
    }

    /// A `snap` reply to a request.
    static func snap(_ d: Decision, _ r: Request, _ output: ReplyBuffer) {
        Dispatcher.reply("snap", r, output) { w in fill(w, d) }
    }

    /// A pushed `snap` line (autoplay): no `id`.
    static func pushed(_ d: Decision, session: String, encoding: Encoding) -> String {
        let line = ReplyBuffer(capacity: 192)
        let w = ReplyWriter("snap", encoding: encoding, into: line)
        w.word("s", session)
        fill(w, d)
        w.end()
        return String(decoding: line.bytes, as: UTF8.self)
    }

    static func fill(_ w: ReplyWriter, _ d: Decision) {
        w.int("index", d.index)
        w.number("x", d.x)
        w.word("mode", d.mode.wireName)
        w.word("cause", d.cause.wireName)
        if let page = d.page { w.int("page", page) }
        if let jump = d.jump { w.number("jump", jump) }
        let motion = d.motion
        w.number("from", motion.from)
        w.number("v", motion.v)
        switch motion.curve {
        case .decay(let rate):
            w.word("curve", "decay" as StaticString)
            w.number("rate", rate)
        case .spring(let omega):
            w.word("curve", "spring" as StaticString)
            w.number("omega", omega)
        }
        w.int("ms", motion.duration)
    }
}
