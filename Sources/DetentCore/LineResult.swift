/// What handling one line produced.
public struct LineResult: Sendable, Equatable {
    /// The reply line's bytes (with its `\n`), or nil for a blank or comment line.
    public var replyBytes: [UInt8]?
    /// The reply line as text.
    public var reply: String? { replyBytes.map { String(decoding: $0, as: UTF8.self) } }
    /// Close the connection once the reply is sent (`quit`).
    public var close = false
    /// A session whose autoplay timer must be re-synced: started, restarted
    /// (a decision restarts the period) or stopped.
    public var autoplayChanged: String?

    public init(reply: String?, close: Bool = false, autoplayChanged: String? = nil) {
        self.init(bytes: reply.map { Array($0.utf8) }, close: close, autoplayChanged: autoplayChanged)
    }

    public init(bytes: [UInt8]?, close: Bool = false, autoplayChanged: String? = nil) {
        self.replyBytes = bytes
        self.close = close
        self.autoplayChanged = autoplayChanged
    }
}
