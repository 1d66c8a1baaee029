/// What handling one line produced, the reply as its own bytes (tests and
/// tools; the server appends replies to its output instead).
public struct LineResult: Sendable, Equatable {
    /// The reply line's bytes (with its `\n`), or nil for a blank or comment line.
    public var replyBytes: [UInt8]?
    /// The reply line as text.
    public var reply: String? { replyBytes.map { String(decoding: $0, as: UTF8.self) } }
    /// Close the connection once the reply is sent (after `quit`).
    public var close: Bool
    /// A session whose autoplay timer must be re-synced.
    public var autoplayChanged: String? { effect.autoplayChanged }
    public var effect: LineEffect

    public init(bytes: [UInt8]?, effect: LineEffect = LineEffect(), close: Bool = false) {
        self.replyBytes = bytes
        self.effect = effect
        self.close = close
    }
}
