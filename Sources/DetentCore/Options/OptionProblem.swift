/// What is wrong with an option's value, in the config error's words.
public struct OptionProblem: Error, Sendable {
    public var message: String

    public init(_ message: String) { self.message = message }
}
