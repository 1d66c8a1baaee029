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
    var p1x: Double? { get }
    var p1y: Double? { get }
    var p2x: Double? { get }
    var p2y: Double? { get }
    var path: [String]? { get }
    var ms: Int { get }
}

extension MotionReply {
    /// The path from `from` to `x`: `curve=none` (a session's
    /// `motion: .reduced`) is `.instant`, drawn at `x` from t=0. Nil only
    /// for a motion that does not read (`readMotion` says why), which
    /// decoding refuses.
    public var motion: Motion? { try? readMotion() }

    /// The motion, or `unexpectedReply` naming what does not read: an
    /// unknown curve, a curve without its fields, a brake's `stop` not
    /// within `ms` or its `aim` not before it, a bezier's `p1x` or `p2x`
    /// not within [0, 1], a path's segment that is not
    /// `at/span/from/to/p1x/p1y/p2x/p2y` (span >= 0, p1x and p2x within
    /// [0, 1]), segments out of time order, or a last one that does not
    /// end at `x` within `ms` (as libdetent refuses them).
    public func readMotion() throws(DetentClientError) -> Motion {
        func bad(_ why: String) -> DetentClientError { .unexpectedReply("curve=\(self.curve): \(why)") }
        guard ms >= 0 else { throw bad("ms: negative") }
        let curve: Motion.Curve
        switch self.curve {
        case "decay": guard let rate else { throw bad("rate: missing") }; curve = .decay(rate: rate)
        case "spring": guard let omega else { throw bad("omega: missing") }; curve = .spring(omega: omega)
        case "ease": curve = .ease
        case "none": curve = .instant
        case "brake":
            guard let accel, let stop else { throw bad("accel and stop: missing") }
            guard stop >= 0, stop <= ms else { throw bad("stop: \(stop) is not within 0 and ms (\(ms))") }
            let aim = aim ?? 0
            guard aim == 0 || (aim > 0 && aim < Double(stop)) else { throw bad("aim: \(aim) is not from 0 to below stop") }
            curve = .brake(accel: accel, stop: stop, aim: aim)
        case "bezier":
            guard let p1x, let p1y, let p2x, let p2y else { throw bad("p1x, p1y, p2x and p2y: missing") }
            for (name, value) in [("p1x", p1x), ("p2x", p2x)] where !(value >= 0 && value <= 1) {
                throw bad("\(name): \(NumberFormat.string(value)) is not within 0 and 1")
            }
            guard p1y.isFinite, p2y.isFinite else { throw bad("p1y, p2y: not finite") }
            curve = .bezier(CubicBezier(p1x, p1y, p2x, p2y))
        case "path":
            guard let path else { throw bad("path: missing") }
            curve = .path(try Self.segments(path, to: x, ms: ms))
        default: throw bad("unknown curve")
        }
        return Motion(from: from, to: x, v: v, curve: curve, duration: ms)
    }

    /// Where to draw the content `t` ms into the motion.
    public func position(at t: Double) -> Double { motion?.position(at: t) ?? x }

    /// Refuses a line whose motion does not read (an unknown curve, a
    /// curve without its fields), saying why.
    func checkMotion(_ reply: Reply) throws(DetentClientError) {
        do throws(DetentClientError) {
            _ = try readMotion()
        } catch {
            guard case .unexpectedReply(let why) = error else { throw error }
            throw .unexpectedReply("\(reply.line) (\(why))")
        }
    }

    /// A curve=path's segments, each `at/span/from/to/p1x/p1y/p2x/p2y`, in
    /// time order, the last ending at `to` within `ms`.
    static func segments(_ tokens: [String], to: Double, ms: Int) throws(DetentClientError) -> [CssSnapSegment] {
        func bad(_ why: String) -> DetentClientError { .unexpectedReply("curve=path: path: \(why)") }
        var segments: [CssSnapSegment] = []
        for token in tokens {
            let fields = token.split(separator: "/", omittingEmptySubsequences: false)
            let numbers = fields.compactMap { NumberSyntax.parse($0) }
            guard fields.count == 8, numbers.count == 8, numbers.allSatisfy(\.isFinite),
                  numbers[1] >= 0, (0...1).contains(numbers[4]), (0...1).contains(numbers[6]) else {
                throw bad("\"\(token)\" is not at/span/from/to/p1x/p1y/p2x/p2y (span >= 0, p1x and p2x in [0, 1])")
            }
            if let last = segments.last, numbers[0] < last.start {
                throw bad("segment \(segments.count) starts before the one before it")
            }
            segments.append(CssSnapSegment(from: numbers[2], to: numbers[3], start: numbers[0], duration: numbers[1],
                                           curve: CubicBezier(numbers[4], numbers[5], numbers[6], numbers[7])))
        }
        guard let last = segments.last else { throw bad("no segment") }
        guard last.to == to else { throw bad("the last segment does not end at x") }
        guard last.end <= Double(ms) else { throw bad("the last segment ends after ms") }
        return segments
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
