/// Why bytes are not the JSON they should be, and where.
public struct JSONSyntaxError: Error, Sendable, Equatable {
    /// What is wrong, for a person.
    public var message: String
    /// Byte offset of the problem in the input.
    public var offset: Int
    /// The member or element being read when it went wrong.
    public var path: JSONPath
}
