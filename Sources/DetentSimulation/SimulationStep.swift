import DetentCore

/// One request of a simulation and what the daemon would answer.
public struct SimulationStep: Sendable {
    /// The request as written by the user (without `s`).
    public var request: String
    /// The reply line, as the daemon writes it (without its newline).
    public var reply: String
    /// For `end`: the release as the strategy saw it, `T` included.
    public var release: Release?
    /// For requests answered with `snap`: the decision.
    public var decision: Decision?
}
