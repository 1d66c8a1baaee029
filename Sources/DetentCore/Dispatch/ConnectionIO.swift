/// What a `ConnectionMachine` asks of the world around it: the event
/// loop's side of one client (`DetentServer.Connection` on a real socket;
/// a recording one in the machine's tests, as swift-nio's `EmbeddedChannel`).
public protocol ConnectionIO: AnyObject {
    /// Writes what the peer takes now: the bytes taken (0 when it would
    /// block), or nil when the peer is gone.
    func send(_ bytes: UnsafeRawBufferPointer) -> Int?
    /// Watch (or stop watching) for input.
    func watchReading(_ on: Bool)
    /// Watch (or stop watching) for room to write.
    func watchWriting(_ on: Bool)
    /// A session's autoplay must be re-synced (`ConnectionMachine.autoplayPeriod`).
    func autoplayChanged(_ session: String)
    /// Stop every autoplay timer.
    func cancelTimers()
    /// A limit was hit (for the log).
    func limitHit(_ limit: String)
    /// The connection is over: free it. `discardUnread`: read away what the
    /// client sent and was not read, so closing does not reset its replies.
    func closed(discardUnread: Bool)
}
