/// A simulation that cannot run: a plugin or a gesture that means nothing.
public struct SimulationError: Error, Sendable, CustomStringConvertible {
    public var description: String

    public init(_ description: String) { self.description = description }
}
