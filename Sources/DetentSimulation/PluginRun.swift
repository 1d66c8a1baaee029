import DetentCore

/// One plugin's run through a simulation: its session and every step.
public struct PluginRun: Sendable {
    public var plugin: Plugin
    /// The `open` request and its reply.
    public var opened: SimulationStep
    /// The session's layout, nil when `open` failed.
    public var layout: Layout?
    public var steps: [SimulationStep]
}
