/// A validated plugins.json (plugins.json(5)).
public struct Config: Sendable {
    /// The socket path from `listen`, resolved against the config's folder;
    /// nil when the file names none.
    public var listen: String?
    /// The socket file's permissions (`socketMode`, default 0600).
    public var socketMode: UInt32
    /// `socketMode` as written (or the default), for messages.
    public var socketModeText: String
    public var defaultPlugin: String
    /// `motion`: the sessions' motion unless `open` says (`reduced`: every
    /// decision drawn at once).
    public var motion = MotionSetting.full
    public var limits: Limits
    public var plugins: [Plugin]
    /// `allowUsers`: who may connect besides `allowGroups`; with neither,
    /// anyone the socket's mode lets in.
    public var allowUsers: [Principal]?
    /// `allowGroups`: members (primary or supplementary) may connect.
    public var allowGroups: [Principal]?
    /// The two lists resolved to ids (by the loader that may read the user
    /// database); nil when neither is set.
    public var peerPolicy: PeerPolicy?
    /// The plugin libraries the plugins load strategies from, in order of
    /// first use (detent-plugin(3)).
    public var libraries: [PluginLibrary] = []
    /// What loading noticed that is not an error, for the log: a library
    /// changed on disk since it was loaded, say.
    public var notes: [String] = []

    /// Whether the config restricts who may connect.
    public var restrictsPeers: Bool { allowUsers != nil || allowGroups != nil }

    /// The plugin named `name`.
    public func plugin(named name: String) -> Plugin? {
        plugins.first { $0.name == name }
    }

    /// The plugin names, in file order.
    public var pluginNames: [String] { plugins.map(\.name) }

    /// plugins.json(5)'s default socket: `$XDG_RUNTIME_DIR/detent.sock`, else
    /// `/tmp/detent-<uid>.sock`.
    public static func defaultListenPath(environment: [String: String], uid: UInt32) -> String {
        if let runtime = environment["XDG_RUNTIME_DIR"], !runtime.isEmpty {
            return runtime.hasSuffix("/") ? runtime + "detent.sock" : runtime + "/detent.sock"
        }
        return "/tmp/detent-\(uid).sock"
    }
}
