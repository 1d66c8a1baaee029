extension Config {
    /// What `detentd --check` prints: the socket, the limits and each plugin
    /// with its strategy and effective options, defaults included.
    public func summary(source: String, socket: String) -> String {
        var lines = ["\(source): ok"]
        lines.append("listen: \(socket) (socketMode \(socketModeText))")
        lines.append("defaultPlugin: \(defaultPlugin)")
        lines.append("motion: \(motion.rawValue)")
        lines.append("limits: " + Limits.keys.map { "\($0)=\(limits[$0] ?? 0)" }.joined(separator: " "))
        if restrictsPeers {
            let users = (allowUsers ?? []).map(\.description).joined(separator: ",")
            let groups = (allowGroups ?? []).map(\.description).joined(separator: ",")
            lines.append("allowUsers: \(users.isEmpty ? "(none)" : users)  allowGroups: \(groups.isEmpty ? "(none)" : groups)")
        }
        lines.append("plugins:")
        let width = plugins.map(\.name.count).max() ?? 0
        let strategyWidth = plugins.map(\.strategyName.count).max() ?? 0
        for plugin in plugins {
            let name = plugin.name.padding(to: width)
            let strategy = plugin.strategyName.padding(to: strategyWidth)
            let options = plugin.effectiveOptions.map { "\($0.0)=\($0.1)" }.joined(separator: " ")
            lines.append("  \(name)  strategy=\(strategy)  \(options)")
        }
        if !libraries.isEmpty {
            lines.append("libraries:")
            for library in libraries {
                lines.append("  \(library.path): \(library.name) \(library.version)")
                let width = library.strategies.map(\.name.count).max() ?? 0
                for strategy in library.strategies {
                    lines.append("    strategy \(strategy.name.padding(to: width))  \(strategy.description)")
                }
            }
        }
        for note in notes { lines.append("note: \(note)") }
        return lines.joined(separator: "\n") + "\n"
    }
}

extension String {
    fileprivate func padding(to width: Int) -> String {
        count >= width ? self : self + String(repeating: " ", count: width - count)
    }
}
