extension Config {
    /// The config a user's own daemon (`detentd --user`) serves: `listen`,
    /// `socketMode`, `allowUsers` and `allowGroups` are the system
    /// service's and never lock a user out of their own daemon, which
    /// serves its owner alone (0600, and peers of another uid refused).
    public func ownedBy(uid: UInt32) -> Config {
        var owned = self
        owned.listen = nil
        owned.socketMode = 0o600
        owned.socketModeText = "0600"
        owned.allowUsers = [.id(uid)]
        owned.allowGroups = nil
        owned.peerPolicy = PeerPolicy(users: [uid], groups: [])
        return owned
    }
}
