/// A config that cannot be served, with every problem found in it.
public struct ConfigError: Error, Sendable, Equatable, CustomStringConvertible {
    public var issues: [ConfigIssue]

    public init(_ issues: [ConfigIssue]) { self.issues = issues }

    /// One problem per line.
    public var description: String { issues.map(\.description).joined(separator: "\n") }
}
