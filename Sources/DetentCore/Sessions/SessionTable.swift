/// A connection's sessions by name. A connection has a few (at most
/// `limits.maxSessionsPerConnection`, 64 by default), so names are found by
/// a linear scan: measured on the line path, hashing the name for a
/// dictionary cost more than comparing a handful of short strings.
public struct SessionTable: Sendable {
    private var names: [String] = []
    private var sessions: [Session] = []

    public init() {}

    public var count: Int { names.count }
    public var isEmpty: Bool { names.isEmpty }

    /// The open sessions' names, in the order they were opened.
    public var keys: [String] { names }

    /// Where the session `name` is, for `subscript(slot:)`.
    @inline(__always)
    public func slot(of name: String) -> Int? {
        for index in names.indices where names[index] == name { return index }
        return nil
    }

    /// The session in `slot`, mutated in place (no copy per request).
    public subscript(slot slot: Int) -> Session {
        get { sessions[slot] }
        _modify { yield &sessions[slot] }
    }

    /// The session `name`; setting nil closes it, setting a session opens or replaces it.
    public subscript(name: String) -> Session? {
        get { slot(of: name).map { sessions[$0] } }
        set {
            switch (slot(of: name), newValue) {
            case (let slot?, let session?): sessions[slot] = session
            case (let slot?, nil): remove(at: slot)
            case (nil, let session?):
                names.append(name)
                sessions.append(session)
            case (nil, nil): break
            }
        }
    }

    public mutating func remove(at slot: Int) {
        names.remove(at: slot)
        sessions.remove(at: slot)
    }
}
