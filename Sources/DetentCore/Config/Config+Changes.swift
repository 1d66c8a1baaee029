extension Config {
    /// What a reload from `old` to this config changes, one line each, for
    /// the log. `listen` and `socketMode` changes say they wait for a restart.
    public func changes(from old: Config) -> [String] {
        var out: [String] = []
        if listen != old.listen {
            out.append("listen: \(old.listen ?? "(default)") -> \(listen ?? "(default)") (takes effect at the next start)")
        }
        if socketMode != old.socketMode {
            out.append("socketMode: \(old.socketModeText) -> \(socketModeText) (takes effect at the next start)")
        }
        if defaultPlugin != old.defaultPlugin {
            out.append("defaultPlugin: \(old.defaultPlugin) -> \(defaultPlugin)")
        }
        if motion != old.motion {
            out.append("motion: \(old.motion.rawValue) -> \(motion.rawValue) (for new sessions)")
        }
        for key in Limits.keys where limits[key] != old.limits[key] {
            out.append("limits.\(key): \(old.limits[key] ?? 0) -> \(limits[key] ?? 0)")
        }
        if allowUsers != old.allowUsers || allowGroups != old.allowGroups {
            func list(_ principals: [Principal]?) -> String {
                principals.map { "[" + $0.map(\.description).joined(separator: ",") + "]" } ?? "(anyone)"
            }
            out.append("allowUsers: \(list(old.allowUsers)) -> \(list(allowUsers)), allowGroups: \(list(old.allowGroups)) -> \(list(allowGroups))")
        }
        func describe(_ plugin: Plugin) -> String {
            plugin.strategyName + " " + plugin.effectiveOptions.map { "\($0.0)=\($0.1)" }.joined(separator: " ")
        }
        for plugin in plugins {
            if let before = old.plugin(named: plugin.name) {
                if describe(before) != describe(plugin) {
                    out.append("plugin \(plugin.name): \(describe(before)) -> \(describe(plugin)) (for new sessions)")
                }
            } else {
                out.append("plugin \(plugin.name) added: \(describe(plugin))")
            }
        }
        for plugin in old.plugins where self.plugin(named: plugin.name) == nil {
            out.append("plugin \(plugin.name) removed (open sessions keep it)")
        }
        return out
    }
}
