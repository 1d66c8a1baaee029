import DetentCore

/// A reply line decoded by its kind (detent-protocol(7)): a struct per
/// kind, generated from protocol/detent-protocol.json (`Generated/`), for
/// every verb the client sends and for the conformance corpus, which checks
/// that each kind holds exactly the fields the daemon writes. Unknown
/// fields are ignored.
public struct TypedReply: Sendable, Equatable {
    /// The request's `id`, echoed.
    public var id: String?
    public var body: Body

    public init(id: String? = nil, _ body: Body) {
        self.id = id
        self.body = body
    }

    /// Decodes a reply; a kind this client does not know, or a field it
    /// needs that is missing or malformed, is `unexpectedReply`.
    public init(_ reply: Reply) throws(DetentClientError) {
        id = reply[.id]
        body = try Self.body(of: reply)
    }
}

/// A reply that carries a decision's motion (the fields of detent-protocol(7),
/// "Motion", which the description groups as `motion`).
public protocol MotionReply {
    var x: Double { get }
    var from: Double { get }
    var v: Double { get }
    var curve: String { get }
    var rate: Double? { get }
    var omega: Double? { get }
    var accel: Double? { get }
    var stop: Int? { get }
    var aim: Double? { get }
    var ms: Int { get }
}

extension MotionReply {
    /// The path from `from` to `x`: `curve=none` (a session's
    /// `motion: .reduced`) is `.instant`, drawn at `x` from t=0. Nil only
    /// for a curve this client does not know, which decoding refuses.
    public var motion: Motion? {
        let curve: Motion.Curve
        switch self.curve {
        case "decay": guard let rate else { return nil }; curve = .decay(rate: rate)
        case "spring": guard let omega else { return nil }; curve = .spring(omega: omega)
        case "ease": curve = .ease
        case "none": curve = .instant
        case "brake":
            guard let accel, let stop, stop >= 0, stop <= ms else { return nil }
            let aim = aim ?? 0
            guard aim == 0 || (aim > 0 && aim < Double(stop)) else { return nil }
            curve = .brake(accel: accel, stop: stop, aim: aim)
        default: return nil
        }
        guard ms >= 0 else { return nil }
        return Motion(from: from, to: x, v: v, curve: curve, duration: ms)
    }

    /// Where to draw the content `t` ms into the motion.
    public func position(at t: Double) -> Double { motion?.position(at: t) ?? x }

    /// Refuses a line whose motion does not read (an unknown curve, a
    /// curve without its fields).
    func checkMotion(_ reply: Reply) throws(DetentClientError) {
        guard motion != nil else { throw .unexpectedReply(reply.line) }
    }
}

extension SnapReply {
    /// The decision as DetentCore states it: `mode` and `cause` must be
    /// ones this client knows.
    public func decision() throws(DetentClientError) -> Decision {
        guard let mode = Mode(rawValue: mode), let cause = Cause(rawValue: cause), let motion else {
            throw .unexpectedReply("snap s=\(session) mode=\(mode) cause=\(cause) curve=\(curve)")
        }
        return Decision(index: index, x: x, mode: mode, cause: cause, page: page, jump: jump, motion: motion)
    }

    /// Whether it is a pushed autoplay step rather than a reply.
    public var isAutoplay: Bool { cause == Cause.autoplay.rawValue }
}

extension ErrorReply {
    /// The reply as the error a call throws.
    public var error: DetentError { DetentError(codeName: code, message: msg, session: session) }
}
