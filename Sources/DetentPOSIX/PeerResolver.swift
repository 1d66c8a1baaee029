#if canImport(Glibc)
import Glibc
#endif
import DetentCore

/// Resolves `allowUsers` and `allowGroups` names to ids with the user
/// database, so a name that does not exist is a config error at load time,
/// not a silent refusal later.
public enum PeerResolver {
    /// `config` with its `peerPolicy` set (unchanged if it restricts nobody).
    public static func resolve(_ config: Config, file: String) throws(ConfigError) -> Config {
        guard config.restrictsPeers else { return config }
        var issues: [ConfigIssue] = []
        let users = ids(config.allowUsers, key: "allowUsers", what: "user", lookup: userID, file: file, issues: &issues)
        let groups = ids(config.allowGroups, key: "allowGroups", what: "group", lookup: groupID, file: file, issues: &issues)
        guard issues.isEmpty else { throw ConfigError(issues) }
        var resolved = config
        resolved.peerPolicy = PeerPolicy(users: users, groups: groups)
        return resolved
    }

    /// The ids of a list of names and ids; an unknown name is an issue.
    static func ids(
        _ principals: [Principal]?, key: String, what: String, lookup: (String) -> UInt32?, file: String,
        issues: inout [ConfigIssue]
    ) -> Set<UInt32> {
        var ids: Set<UInt32> = []
        for (i, principal) in (principals ?? []).enumerated() {
            switch principal {
            case .id(let id): ids.insert(id)
            case .name(let name):
                if let id = lookup(name) {
                    ids.insert(id)
                } else {
                    issues.append(ConfigIssue(file: file, path: JSONPath([.key(key), .index(i)]), message: "no \(what) named \"\(name)\""))
                }
            }
        }
        return ids
    }

    static func userID(_ name: String) -> UInt32? {
        var entry = passwd()
        var result: UnsafeMutablePointer<passwd>?
        var buffer = [CChar](repeating: 0, count: 16384)
        guard getpwnam_r(name, &entry, &buffer, buffer.count, &result) == 0, result != nil else { return nil }
        return entry.pw_uid
    }

    static func groupID(_ name: String) -> UInt32? {
        var entry = group()
        var result: UnsafeMutablePointer<group>?
        var buffer = [CChar](repeating: 0, count: 65536)
        guard getgrnam_r(name, &entry, &buffer, buffer.count, &result) == 0, result != nil else { return nil }
        return entry.gr_gid
    }

    /// Every group of user `uid`: `gid` (from the peer's credentials) and the
    /// supplementary groups of its user in the user database.
    public static func groups(ofUser uid: UInt32, primary gid: UInt32) -> [UInt32] {
        var entry = passwd()
        var result: UnsafeMutablePointer<passwd>?
        var buffer = [CChar](repeating: 0, count: 16384)
        guard getpwuid_r(uid, &entry, &buffer, buffer.count, &result) == 0, result != nil, let name = entry.pw_name else {
            return [gid]
        }
        var count: Int32 = 64
        var list = [gid_t](repeating: 0, count: Int(count))
        if getgrouplist(name, gid, &list, &count) < 0 {
            list = [gid_t](repeating: 0, count: Int(count))
            guard getgrouplist(name, gid, &list, &count) >= 0 else { return [gid] }
        }
        return [gid] + list.prefix(Int(count))
    }
}
