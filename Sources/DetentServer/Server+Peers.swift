#if canImport(Glibc)
import Glibc
#endif
import CLibevent
import DetentConfigFiles
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
        // A Unix socket closed with unread input resets the connection, and
        // the peer loses the error line: read what the client already sent
        // (a bounded amount, without waiting) first.
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 4096) { buffer in
            for _ in 0..<16 where recv(fd, buffer.baseAddress, buffer.count, Int32(MSG_DONTWAIT)) > 0 {}
        }
        close(fd)
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
        return "uid \(credentials.uid) (pid \(credentials.pid)) is not in allowUsers or allowGroups"
    }
}
