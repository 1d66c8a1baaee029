import DetentCore

/// A decision the daemon pushed on its own (autoplay), not a reply.
public struct PushedDecision: Sendable, Equatable {
    public var session: String
    public var decision: Decision
}
