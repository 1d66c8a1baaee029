/// One problem in a config file: where it is and what is wrong.
public struct ConfigIssue: Sendable, Equatable, CustomStringConvertible {
    public var file: String
    public var path: JSONPath
    public var message: String

    public init(file: String, path: JSONPath, message: String) {
        self.file = file
        self.path = path
        self.message = message
    }

    /// `plugins.json: plugins[1].options.flikVelocity: unknown option ...`
    public var description: String { "\(file): \(path): \(message)" }
}
