/// What answering a line asks of the connection, besides its reply.
/// (`quit` is said once, by `ConnectionState.finished`.)
public struct LineEffect: Sendable, Equatable {
    /// A session whose autoplay timer must be re-synced: started, restarted
    /// (a decision restarts the period) or stopped. Nil when the session has
    /// no autoplay and had none, so the line path touches no timer.
    public var autoplayChanged: String?

    public init(autoplayChanged: String? = nil) {
        self.autoplayChanged = autoplayChanged
    }
}
