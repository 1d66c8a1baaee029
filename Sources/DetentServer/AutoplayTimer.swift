import CLibevent

/// One session's autoplay period: a libevent timer owned by its connection.
final class AutoplayTimer {
    unowned let connection: Connection
    let session: String
    private(set) var event: OpaquePointer?

    init(connection: Connection, session: String, base: OpaquePointer) {
        self.connection = connection
        self.session = session
        event = detent_evtimer_new(base, autoplayFired, Unmanaged.passUnretained(self).toOpaque())
    }

    /// Starts the period afresh.
    func arm(every milliseconds: Double) {
        guard let event else { return }
        event_del(event)
        let ms = min(max(milliseconds.rounded(.up), 1), 86_400_000 * 365)
        detent_evtimer_add_ms(event, Int(ms))
    }

    /// Stops and frees the timer.
    func cancel() {
        if let event {
            event_free(event)
            self.event = nil
        }
    }

    deinit { cancel() }
}

private func autoplayFired(_: Int32, _: Int16, _ context: UnsafeMutableRawPointer?) {
    guard let context else { return }
    let timer = Unmanaged<AutoplayTimer>.fromOpaque(context).takeUnretainedValue()
    withExtendedLifetime(timer) { timer.connection.autoplayDue(timer) }
}
