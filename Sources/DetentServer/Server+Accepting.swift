#if canImport(Glibc)
import Glibc
#endif
import CLibevent
import DetentCore

/// Accepting clients, and running out of descriptors: `AcceptGate` decides,
/// this performs (detentd(8): a client beyond RLIMIT_NOFILE hears `busy`
/// at once; a freed descriptor resumes accepting with no timer).
extension Server {
    func accept(_ fd: Int32) {
        guard !stopping, let base else { close(fd); return }
        if let refusal = peerRefusal(fd) {
            refuse(fd, .forbidden, refusal)
            logger.notice("refused a connection: \(refusal)")
            return
        }
        let limits = state.config.limits
        if state.connections >= limits.maxConnections {
            refuse(fd, .busy, "too many connections (limits.maxConnections is \(limits.maxConnections)); try again later")
            noteLimitHit("maxConnections")
            return
        }
        serve(fd, base: base)
    }

    /// accept(2) failed (libevent calls this once per readable turn).
    func acceptError() {
        let code = errno
        let failure: AcceptGate.Failure
        switch code {
        case EMFILE: failure = .processDescriptors
        case ENFILE, ENOBUFS, ENOMEM: failure = .systemResources
        case EAGAIN, EINTR, ECONNABORTED: failure = .transient
        default:
            logger.warning("accept: \(String(cString: strerror(code)))")
            return
        }
        if failure != .transient { noteShortage(code) }
        perform(gate.acceptFailed(failure))
    }

    /// A descriptor of ours was closed.
    func descriptorFreed() {
        perform(gate.descriptorFreed())
    }

    func retryDue() {
        perform(gate.retryDue())
    }

    /// Opens the spare descriptor; false when none is to be had.
    func openSpare() -> Bool {
        if spareDescriptor < 0 { spareDescriptor = open("/dev/null", O_RDONLY | O_CLOEXEC) }
        return spareDescriptor >= 0
    }

    private func perform(_ actions: [AcceptGate.Action]) {
        for action in actions {
            switch action {
            case .refuseWithSpare:
                refuseWithSpare()
                perform(gate.spareReopened(openSpare()))
            case .reopenSpare:
                perform(gate.spareReopened(openSpare()))
            case .pause:
                if let listener { evconnlistener_disable(listener) }
            case .resume:
                if let listener, !stopping { evconnlistener_enable(listener) }
            case .armRetry:
                if let acceptRetry { detent_evtimer_add_ms(acceptRetry, Int(AcceptGate.retrySeconds * 1000)) }
            }
        }
    }

    /// Gives up the spare to take one queued client, tells it `busy` and
    /// closes it at once (lingering would keep the descriptor): what it
    /// had sent is read first, so the close does not reset its line away.
    private func refuseWithSpare() {
        guard let listener else { return }
        if spareDescriptor >= 0 { close(spareDescriptor) }
        spareDescriptor = -1
        let fd = Glibc.accept(evconnlistener_get_fd(listener), nil, nil)  // closed below: no flags needed
        guard fd >= 0 else { return }
        var limit = rlimit()
        getrlimit(__rlimit_resource_t(RLIMIT_NOFILE.rawValue), &limit)
        let message = AcceptGate.spareMessage(descriptorLimit: Int(limit.rlim_cur))
        let line = "error code=\(ErrorCode.busy.rawValue) msg=\"\(message)\"\n"
        _ = line.withCString { send(fd, $0, strlen($0), Int32(MSG_NOSIGNAL | MSG_DONTWAIT)) }
        shutdown(fd, Int32(SHUT_WR))
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 4096) { buffer in
            for _ in 0..<16 {
                if recv(fd, buffer.baseAddress, buffer.count, Int32(MSG_DONTWAIT)) <= 0 { break }
            }
        }
        close(fd)
    }

    /// Logs a shortage of descriptors, at most once a second.
    private func noteShortage(_ code: Int32) {
        let now = MonotonicClock.seconds()
        if now - (lastLimitLog["descriptors"] ?? -10) >= 1 {
            lastLimitLog["descriptors"] = now
            let how = gate.spareHeld ? "refusing queued clients with busy" : "accepting again when a descriptor is freed"
            logger.warning("accept: \(String(cString: strerror(code))); \(how)")
        }
    }
}
