/// Autoplay's clock (detent-protocol(7), "Autoplay"): the machine keeps each
/// autoplaying session's next step as a deadline on the port's clock and
/// has the port arm one timer, at the earliest. A line touches this only
/// when its effect names a session (`LineEffect.autoplayChanged`).
extension ConnectionMachine {
    /// The period of `every` ms: whole milliseconds (detent-protocol(7):
    /// `every` may be fractional), at least 1, at most a year.
    static func period(_ every: Double) -> Double {
        min(max(every.rounded(.up), 1), 86_400_000 * 365)
    }

    /// A line started, restarted (a decision) or stopped a session's
    /// autoplay: its next step is a period from now, or none.
    func autoplayChanged(_ name: String) {
        if isOpen, let every = state.sessions[name]?.autoplay?.every {
            deadlines[name] = io.now + Self.period(every)
        } else {
            deadlines[name] = nil
        }
        armEarliest()
    }

    /// The port's timer fired: each step due is pushed, earliest first,
    /// unless a finger is down or the client is behind, and its period
    /// restarts now (a step is a decision). A timer that fired early pushes
    /// nothing and is armed again.
    public func timerFired(now: Double) {
        armed = nil
        guard isOpen else { return }
        let due = deadlines.filter { $0.value <= now }.sorted { ($0.value, $0.key) < ($1.value, $1.key) }
        for (name, _) in due {
            guard let every = state.sessions[name]?.autoplay?.every else {
                deadlines[name] = nil
                continue
            }
            deadlines[name] = now + Self.period(every)
            if unsent <= limits.maxOutputBytes, let line = Dispatcher.autoplayPush(session: name, connection: &state) {
                write(line)
                guard isOpen else { return }  // the peer is gone
            }
        }
        armEarliest()
    }

    /// No more steps (quit, closing, shutdown).
    func stopAutoplay() {
        deadlines.removeAll()
        armEarliest()
    }

    /// Arms the port's timer at the earliest deadline, if it is not there.
    private func armEarliest() {
        let next = isOpen ? deadlines.values.min() : nil
        guard next != armed else { return }
        armed = next
        io.armTimer(at: next)
    }
}
