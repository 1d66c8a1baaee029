/// Reads a parsed plugins.json into a `Config`, collecting every problem
/// (`ConfigLoader.load`).
struct ConfigReader {
    let file: String
    let libraries: (any LibraryLoader)?
    var issues: [ConfigIssue] = []
    /// Libraries vetted so far, by absolute path: each is loaded once.
    var loaded: [String: PluginLibrary] = [:]
    /// In order of first use, for `--check`.
    var libraryOrder: [String] = []
    /// Libraries refused, by path: the entry that said why.
    var refused: [String: JSONPath] = [:]
    /// For the log (a library changed on disk since it was loaded).
    var notes: [String] = []

    init(file: String, libraries: (any LibraryLoader)?) {
        self.file = file
        self.libraries = libraries
    }

    mutating func issue(_ path: JSONPath, _ message: String) {
        issues.append(ConfigIssue(file: file, path: path, message: message))
    }

    mutating func unknownKeys(_ members: [JSONMember], known: [String], at path: JSONPath, what: String) {
        for member in members where !known.contains(member.key) {
            let hint = Suggestion.hint(for: member.key, in: known)
            issue(path.appending(member.key), "unknown key in \(what)\(hint)")
        }
    }

    mutating func config(_ root: JSONValue, directory: String?) -> Config? {
        let top = JSONPath()
        guard case .object(let members) = root else {
            issue(top, "the file must hold one JSON object, not \(root.typeName)")
            return nil
        }
        unknownKeys(members, known: ConfigLoader.topKeys, at: top, what: "the config")
        func member(_ key: String) -> JSONValue? { members.first { $0.key == key }?.value }

        var listen: String?
        if let value = member("listen") {
            if case .string(let path) = value, !path.isEmpty, !path.utf8.contains(0) {
                listen = path.hasPrefix("/") || directory == nil ? path : directory! + "/" + path
            } else {
                issue(top.appending("listen"), "must be a socket path (a non-empty string)")
            }
        }
        var socketMode: UInt32 = 0o600
        var socketModeText = "0600"
        if let value = member("socketMode") {
            if case .string(let text) = value, (3...4).contains(text.utf8.count),
               text.utf8.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "7") }),
               let mode = UInt32(text, radix: 8) {
                socketMode = mode
                socketModeText = text
            } else {
                issue(top.appending("socketMode"), "must be a string of 3 or 4 octal digits, like \"0660\"")
            }
        }
        let allowUsers = member("allowUsers").map { principals($0, at: top.appending("allowUsers"), what: "user") }
        let allowGroups = member("allowGroups").map { principals($0, at: top.appending("allowGroups"), what: "group") }
        var limits = Limits()
        if let value = member("limits") {
            limits = readLimits(value, at: top.appending("limits"))
        }
        var plugins: [Plugin] = []
        if let value = member("plugins") {
            plugins = readPlugins(value, at: top.appending("plugins"), directory: directory)
        } else {
            issue(top.appending("plugins"), "required: a list of at least one plugin")
        }
        var defaultPlugin = plugins.first?.name ?? ""
        if let value = member("defaultPlugin") {
            let path = top.appending("defaultPlugin")
            if case .string(let name) = value {
                if plugins.contains(where: { $0.name == name }) {
                    defaultPlugin = name
                } else if !plugins.isEmpty {
                    let hint = Suggestion.hint(for: name, in: plugins.map(\.name))
                    issue(path, "no plugin is named \"\(name)\"\(hint)")
                }
            } else {
                issue(path, "must be a plugin name (a string)")
            }
        }
        var motion = MotionSetting.full
        if let value = member("motion") {
            if case .string(let name) = value, let setting = MotionSetting(rawValue: name) {
                motion = setting
            } else {
                issue(top.appending("motion"), "must be \"full\" or \"reduced\"")
            }
        }
        guard issues.isEmpty else { return nil }
        var config = Config(listen: listen, socketMode: socketMode, socketModeText: socketModeText,
                            defaultPlugin: defaultPlugin, limits: limits, plugins: plugins,
                            allowUsers: allowUsers, allowGroups: allowGroups)
        config.motion = motion
        config.libraries = libraryOrder.compactMap { loaded[$0] }
        config.notes = notes
        return config
    }

    /// A list of user or group names and numeric ids.
    mutating func principals(_ value: JSONValue, at path: JSONPath, what: String) -> [Principal] {
        guard case .array(let entries) = value else {
            issue(path, "must be a list of \(what) names or numeric ids")
            return []
        }
        var result: [Principal] = []
        for (i, entry) in entries.enumerated() {
            switch entry {
            case .string(let name) where !name.isEmpty && !name.utf8.contains(0):
                result.append(.name(name))
            case .number(let id, _) where id >= 0 && id < 4_294_967_295 && id.rounded(.towardZero) == id:
                result.append(.id(UInt32(id)))
            default:
                issue(path.appending(i), "must be a \(what) name or a numeric id")
            }
        }
        return result
    }

    mutating func readLimits(_ value: JSONValue, at path: JSONPath) -> Limits {
        var limits = Limits()
        guard case .object(let members) = value else {
            issue(path, "must be an object of limits")
            return limits
        }
        unknownKeys(members, known: Limits.keys, at: path, what: "limits")
        for member in members where Limits.keys.contains(member.key) {
            if case .number(let number, _) = member.value, number.isFinite, number >= 1,
               number.rounded(.towardZero) == number, number <= 9_007_199_254_740_992 {
                limits[member.key] = Int(number)
            } else {
                issue(path.appending(member.key), "must be an integer >= 1")
            }
        }
        return limits
    }

    mutating func readPlugins(_ value: JSONValue, at path: JSONPath, directory: String?) -> [Plugin] {
        guard case .array(let entries) = value else {
            issue(path, "must be a list of plugins")
            return []
        }
        guard !entries.isEmpty else {
            issue(path, "needs at least one plugin")
            return []
        }
        var plugins: [Plugin] = []
        var names: [String: Int] = [:]
        for (i, entry) in entries.enumerated() {
            let at = path.appending(i)
            guard case .object(let members) = entry else {
                issue(at, "a plugin must be an object with name, strategy and options")
                continue
            }
            unknownKeys(members, known: ConfigLoader.pluginKeys, at: at, what: "a plugin")
            func member(_ key: String) -> JSONValue? { members.first { $0.key == key }?.value }
            var name: String?
            switch member("name") {
            case nil:
                issue(at.appending("name"), "required")
            case .string(let text)? where FieldDecoder.isSessionName(text):
                if let first = names[text] {
                    issue(at.appending("name"), "\"\(text)\" is already the name of plugins[\(first)]")
                } else {
                    names[text] = i
                    name = text
                }
            default:
                issue(at.appending("name"), "must be 1 to 64 of A-Z a-z 0-9 . _ -")
            }
            var options: [JSONMember] = []
            if let value = member("options") {
                if case .object(let members) = value {
                    options = members
                } else {
                    issue(at.appending("options"), "must be an object")
                }
            }
            let strategy: (any Strategy)?
            if let library = member("library") {
                strategy = loadedStrategy(library: library, strategy: member("strategy"), options: options, at: at, directory: directory)
            } else {
                strategy = builtInStrategy(member("strategy"), options: options, at: at)
            }
            if let name, let strategy { plugins.append(Plugin(name: name, strategy: strategy)) }
        }
        return plugins
    }

    /// A strategy compiled into detentd, from its registered name.
    mutating func builtInStrategy(_ value: JSONValue?, options: [JSONMember], at: JSONPath) -> (any Strategy)? {
        let known = StrategyRegistry.names.joined(separator: ", ")
        guard case .string(let text)? = value else {
            issue(at.appending("strategy"), value == nil ? "required: one of \(known)" : "must be a strategy name (a string)")
            return nil
        }
        guard let type = StrategyRegistry.type(named: text) else {
            let hint = Suggestion.hint(for: text, in: StrategyRegistry.names)
            issue(at.appending("strategy"), "no strategy is named \"\(text)\"\(hint); known: \(known)")
            return nil
        }
        var reader = OptionReader(file: file, path: at.appending("options"), strategy: type.about.name, members: options)
        let strategy = StrategyRegistry.make(type, reading: &reader)
        issues += reader.issues + reader.unknownOptions()
        return strategy
    }
}
