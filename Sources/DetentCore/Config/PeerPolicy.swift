/// Who may talk to the daemon: `allowUsers` and `allowGroups` resolved to
/// ids. Checked against the peer's credentials (`SO_PEERCRED`) on accept.
public struct PeerPolicy: Sendable, Equatable {
    public var users: Set<UInt32>
    public var groups: Set<UInt32>

    public init(users: Set<UInt32>, groups: Set<UInt32>) {
        self.users = users
        self.groups = groups
    }

    /// Whether a peer of user `uid` in `groups` (primary and supplementary) may connect.
    public func allows(uid: UInt32, groups peerGroups: [UInt32]) -> Bool {
        users.contains(uid) || peerGroups.contains(where: groups.contains)
    }
}
