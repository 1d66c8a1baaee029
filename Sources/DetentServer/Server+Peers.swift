#if canImport(Glibc)
import Glibc
#endif
import CLibevent
import DetentPOSIX
import DetentCore

/// Who may connect (plugins.json(5), `allowUsers` and `allowGroups`), and
/// how a connection that may not is turned away.
extension Server {
    /// Sends one text error line and closes: not a connection, a request or
    /// an error in `stats` (detent-protocol(7), Errors).
    func refuse(_ fd: Int32, _ code: ErrorCode, _ message: String) {
        let line = "error code=\(code.rawValue) msg=\"\(message)\"\n"
        _ = line.withCString { send(fd, $0, strlen($0), Int32(MSG_NOSIGNAL | MSG_DONTWAIT)) }
        shutdown(fd, Int32(SHUT_WR))
        linger(fd)
    }

    /// Drains a refused connection before closing it (`RefusalLinger` decides).
    func linger(_ fd: Int32) {
        switch refusals.refused(fd) {
        case .close: closeRefused(fd)
        case .wait: waitForRefused(fd)
        }
    }

    private func waitForRefused(_ fd: Int32) {
        var timeout = timeval(tv_sec: Int(RefusalLinger.waitSeconds), tv_usec: 0)
        guard let base,
              event_base_once(base, fd, Int16(EV_READ), lingeringReadable, Unmanaged.passUnretained(self).toOpaque(), &timeout) == 0
        else {
            if refusals.waitFailed(fd) == .close { closeRefused(fd) }
            return
        }
    }

    private func closeRefused(_ fd: Int32) {
        close(fd)
        descriptorFreed()
    }

    /// Discards what the refused client sent, and reports what it found.
    func lingerWoke(_ fd: Int32, timedOut: Bool) {
        guard refusals.lingering.contains(fd) else { return }  // not ours to read any more
        var wake = RefusalLinger.Wake.timedOut
        if !timedOut {
            wake = withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 4096) { buffer in
                for _ in 0..<16 {
                    let n = recv(fd, buffer.baseAddress, buffer.count, Int32(MSG_DONTWAIT))
                    if n == 0 { return .ended }
                    if n < 0 { return errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR ? .stillOpen : .ended }
                }
                return .stillOpen
            }
        }
        switch refusals.woke(fd, wake) {
        case .wait: waitForRefused(fd)
        case .close: closeRefused(fd)
        case nil: break
        }
    }

    /// Why the peer may not connect (`allowUsers`/`allowGroups` against
    /// SO_PEERCRED), or nil when it may.
    func peerRefusal(_ fd: Int32) -> String? {
        let config = state.config
        guard config.restrictsPeers else { return nil }
        var credentials = PeerCredentials()
        var length = socklen_t(MemoryLayout<PeerCredentials>.size)
        guard getsockopt(fd, SOL_SOCKET, SO_PEERCRED, &credentials, &length) == 0 else {
            return "cannot read the peer's credentials (SO_PEERCRED)"
        }
        guard let policy = config.peerPolicy else { return "allowUsers/allowGroups could not be resolved" }
        if policy.users.contains(credentials.uid) { return nil }
        if !policy.groups.isEmpty,
           policy.allows(uid: credentials.uid, groups: PeerResolver.groups(ofUser: credentials.uid, primary: credentials.gid)) {
            return nil
        }
        if let owner = options.owner {
            return "uid \(credentials.uid) (pid \(credentials.pid)) may not use the daemon of uid \(owner) (detentd --user serves its owner alone)"
        }
        return "uid \(credentials.uid) (pid \(credentials.pid)) is not in allowUsers or allowGroups"
    }
}

private func lingeringReadable(_ fd: Int32, _ events: Int16, _ context: UnsafeMutableRawPointer?) {
    Unmanaged<Server>.fromOpaque(context!).takeUnretainedValue().lingerWoke(fd, timedOut: events & Int16(EV_TIMEOUT) != 0)
}
