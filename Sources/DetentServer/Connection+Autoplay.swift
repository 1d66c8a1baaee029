import DetentCore

/// A connection's autoplay timers (detent-protocol(7), `autoplay`): one per
/// session with autoplay on, restarted by each decision; the machine says
/// when and what to push.
extension Connection {
    /// Starts, restarts or stops the session's timer to match its state.
    func autoplayChanged(_ name: String) {
        guard let every = machine.autoplayPeriod(name), let base = server.base else {
            timers.removeValue(forKey: name)?.cancel()
            return
        }
        let timer = timers[name] ?? AutoplayTimer(connection: self, session: name, base: base)
        timers[name] = timer
        timer.arm(every: every)
    }

    /// A timer fired: the machine pushes the next step unless the client is behind.
    func autoplayDue(_ timer: AutoplayTimer) {
        withExtendedLifetime(self) {  // a push may close it, and the server drop it
            if let every = machine.autoplayDue(timer.session) { timer.arm(every: every) }
        }
    }

    func cancelTimers() {
        for timer in timers.values { timer.cancel() }
        timers.removeAll()
    }
}
