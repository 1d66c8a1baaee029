/// The verbs of an open session and their replies (detent-protocol(7),
/// "Verbs" and "Motion"): the dispatcher finds the session, these act on it.
enum SessionVerbs {
    /// Performs `command` on `session` and appends its reply to `output`.
    static func perform(
        _ command: SessionCommand, _ r: Request, _ name: String, _ session: inout Session, maxItems: Int,
        output: ReplyBuffer
    ) throws(ProtocolError) -> LineEffect {
        switch command {
        case .layout(let geometry):
            try session.relayout(geometry, maxItems: maxItems)
            Replies.opened(r, session, output)
        case .begin(let x, let t):
            let began = session.begin(x: x, t: t)
            Replies.line("began", r, output) { w in
                w.int("index", began.index)
                w.number("x", began.x)
                if let jump = began.jump { w.number("jump", jump) }
            }
            return LineEffect()
        case .move(let x, let t):
            let drawn = session.move(x: x, t: t)
            Replies.line("moved", r, output) { w in w.number("x", drawn) }
            return LineEffect()
        case .end(let x, let v, let target, let t):
            Replies.snap(try session.end(x: x, v: v, target: target, t: t), r, output)
        case .cancel:
            Replies.snap(session.cancel(), r, output)
        case .goto(let index, let x):
            Replies.snap(try session.goto(index: index, from: x), r, output)
        case .autoplay(let every):
            let had = session.autoplay != nil
            session.autoplay = every > 0 ? AutoplaySettings(every: every, encoding: r.encoding) : nil
            Replies.line("ok", r, output) { w in w.number("every", every) }
            return LineEffect(autoplayChanged: had || session.autoplay != nil ? name : nil)
        case .open, .close:
            // The dispatcher's: they add or remove the session itself.
            throw ProtocolError(.unknownVerb, "\(command.verb.rawValue) is not performed on an open session")
        }
        // A layout or a decision restarts the autoplay period.
        return LineEffect(autoplayChanged: session.autoplay == nil ? nil : name)
    }
}
