import DetentCore

/// A connection's autoplay timers (detent-protocol(7), `autoplay`): one per
/// session with autoplay on, restarted by each decision.
extension Connection {
    /// Starts, restarts or stops the session's timer to match its state.
    func syncAutoplay(_ name: String) {
        guard phase == .serving || phase == .paused, let settings = state.sessions[name]?.autoplay, let base = server.base else {
            timers.removeValue(forKey: name)?.cancel()
            return
        }
        let timer = timers[name] ?? AutoplayTimer(connection: self, session: name, base: base)
        timers[name] = timer
        timer.arm(every: settings.every)
    }

    /// A timer fired: push the next step unless the client is behind.
    func autoplayDue(_ timer: AutoplayTimer) {
        guard phase == .serving || phase == .paused, let settings = state.sessions[timer.session]?.autoplay else { return }
        if unsent <= limits.maxOutputBytes, let line = Dispatcher.autoplayPush(session: timer.session, connection: &state) {
            write(line)
        }
        timer.arm(every: settings.every)
    }

    func cancelTimers() {
        for timer in timers.values { timer.cancel() }
        timers.removeAll()
    }
}
