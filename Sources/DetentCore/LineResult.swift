/// What handling one line produced.
public struct LineResult: Sendable, Equatable {
    /// The reply line (with its `\n`), or nil for a blank or comment line.
    public var reply: String?
    /// Close the connection once the reply is sent (`quit`).
    public var close = false
    /// A session whose autoplay timer must be re-synced: started, restarted
    /// (a decision restarts the period) or stopped.
    public var autoplayChanged: String?

    public init(reply: String?, close: Bool = false, autoplayChanged: String? = nil) {
        self.reply = reply
        self.close = close
        self.autoplayChanged = autoplayChanged
    }
}
