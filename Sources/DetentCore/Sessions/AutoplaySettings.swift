/// A session's autoplay: the period and the encoding its pushes use.
public struct AutoplaySettings: Sendable, Equatable {
    /// The period in ms (> 0).
    public var every: Double
    /// The encoding of the request that enabled it.
    public var encoding: Encoding

    public init(every: Double, encoding: Encoding) {
        self.every = every
        self.encoding = encoding
    }
}
