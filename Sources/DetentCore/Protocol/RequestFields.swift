/// The values of one request line as both parsers read them, before they
/// become a typed `Request`: each field has its type and range, and
/// `request(verb:)` is the one place that turns them into a command.
struct RequestFields: Sendable {
    var session: String?
    var id: RequestID?
    var client: String?
    var plugin: String?
    var x: Double?
    var v: Double?
    var target: Double?
    var t: Double?
    var every: Double?
    /// `goto`'s index (the geometry's `index` is in `geometry`).
    var index: Double?

    /// The geometry keys of `open` and `layout`, boxed: the fast path's
    /// fields stay small (it never has any).
    var geometry: GeometrySpec {
        get { geometryBox?.spec ?? GeometrySpec() }
        set {
            if let box = geometryBox, isKnownUniquelyReferenced(&geometryBox) {
                box.spec = newValue
            } else {
                geometryBox = GeometryBox(newValue)
            }
        }
    }

    private var geometryBox: GeometryBox?

    /// The typed request of `verb`. A required value that is absent is
    /// `missing-key`, whichever parser forgot it: both check first, in the
    /// order of detent-protocol(7)'s error precedence, so this is the last
    /// guard, not a trap.
    func request(_ verb: Verb, encoding: Encoding) throws(ProtocolError) -> Request {
        Request(encoding: encoding, id: id, command: try command(verb))
    }

    private func command(_ verb: Verb) throws(ProtocolError) -> Command {
        switch verb {
        case .hello: return .hello(client: client)
        case .ping: return .ping
        case .plugins: return .plugins
        case .stats: return .stats
        case .quit: return .quit
        default: break
        }
        guard let session else { throw Self.missing(.s, verb) }
        return .session(session, try sessionCommand(verb))
    }

    private func sessionCommand(_ verb: Verb) throws(ProtocolError) -> SessionCommand {
        switch verb {
        case .open:
            guard geometry.viewport != nil else { throw Self.missing(.viewport, verb) }
            return .open(plugin: plugin, geometry: geometry)
        case .layout:
            guard geometry.viewport != nil else { throw Self.missing(.viewport, verb) }
            return .layout(geometry)
        case .begin, .move:
            guard let x else { throw Self.missing(.x, verb) }
            return verb == .begin ? .begin(x: x, t: t) : .move(x: x, t: t)
        case .end:
            guard let x else { throw Self.missing(.x, verb) }
            return .end(x: x, v: v, target: target, t: t)
        case .cancel: return .cancel
        case .close: return .close
        case .goto:
            guard let index else { throw Self.missing(.index, verb) }
            return .goto(index: index, x: x)
        case .autoplay:
            guard let every else { throw Self.missing(.every, verb) }
            return .autoplay(every: every)
        case .hello, .ping, .plugins, .stats, .quit:
            throw ProtocolError(.unknownVerb, "\(verb.rawValue) is not a session verb")
        }
    }

    static func missing(_ key: Key, _ verb: Verb) -> ProtocolError {
        ProtocolError(.missingKey, "\(key.rawValue): required by \(verb.rawValue)")
    }
}
