/// Where the collection comes to rest: the body of a `snap` line.
public struct Decision: Sendable, Equatable {
    public var index: Int
    public var x: Double
    public var mode: Mode
    public var cause: Cause
    /// The page, for page strategies.
    public var page: Int?
    /// For loops: the equivalent offset to set without animation afterwards.
    public var jump: Double?

    public init(index: Int, x: Double, mode: Mode, cause: Cause, page: Int? = nil, jump: Double? = nil) {
        self.index = index
        self.x = x
        self.mode = mode
        self.cause = cause
        self.page = page
        self.jump = jump
    }
}
