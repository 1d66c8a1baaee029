/// What answering a line asks of the connection, besides its reply.
public struct LineEffect: Sendable, Equatable {
    /// Close the connection once the reply is sent (`quit`).
    public var close = false
    /// A session whose autoplay timer must be re-synced: started, restarted
    /// (a decision restarts the period) or stopped. Nil when the session has
    /// no autoplay and had none, so the line path touches no timer.
    public var autoplayChanged: String?

    public init(close: Bool = false, autoplayChanged: String? = nil) {
        self.close = close
        self.autoplayChanged = autoplayChanged
    }
}
