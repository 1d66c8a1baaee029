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
    /// How to move there from where the content is drawn now.
    public var motion: Motion

    public init(index: Int, x: Double, mode: Mode, cause: Cause, page: Int? = nil, jump: Double? = nil, motion: Motion) {
        self.index = index
        self.x = x
        self.mode = mode
        self.cause = cause
        self.page = page
        self.jump = jump
        self.motion = motion
    }
}
