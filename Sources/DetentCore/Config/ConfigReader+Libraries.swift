import CDetentPlugin

/// The options the daemon reads itself from a loaded strategy's options
/// (the plugin sees them too, in the whole object): the common ones and autoplay.
struct DaemonOptions {
    var common = CommonOptions()
    var autoplayMs = 0.0

    static let options = CommonOptions.options.map { $0.within(\DaemonOptions.common) } + [.autoplayMs(\.autoplayMs)]

    /// Whether the daemon reads `key` itself (`--check` lists the others as the strategy's own).
    static func reads(_ key: String) -> Bool { options.contains { $0.name == key } }
}

extension ConfigReader {
    /// A plugin entry naming a `library`: its strategy, vetted and created
    /// with the entry's options. Each refusal names the entry and the
    /// library's path (detent-plugin(3)).
    mutating func loadedStrategy(
        library value: JSONValue, strategy strategyValue: JSONValue?, options: [JSONMember], at: JSONPath, directory: String?
    ) -> (any Strategy)? {
        let libraryPath = at.appending("library")
        guard case .string(let given) = value, !given.isEmpty, !given.utf8.contains(0) else {
            issue(libraryPath, "must be the path of a shared object (a non-empty string)")
            return nil
        }
        let path = given.hasPrefix("/") || directory == nil ? given : directory! + "/" + given
        guard let library = library(at: path, for: libraryPath) else { return nil }
        let strategyPath = at.appending("strategy")
        let names = library.strategies.map(\.name)
        guard case .string(let wanted)? = strategyValue else {
            issue(strategyPath, strategyValue == nil
                ? "required: one of \(path)'s strategies: \(names.joined(separator: ", "))"
                : "must be a strategy name (a string)")
            return nil
        }
        guard let strategy = library.strategy(named: wanted) else {
            let hint = Suggestion.hint(for: wanted, in: names)
            issue(strategyPath, "\(path) has no strategy \"\(wanted)\"\(hint); it has: \(names.joined(separator: ", "))")
            return nil
        }
        let optionsPath = at.appending("options")
        var reader = OptionReader(file: file, path: optionsPath, strategy: wanted, members: options)
        var daemon = DaemonOptions()
        reader.read(DaemonOptions.options, into: &daemon)
        issues += reader.issues
        guard !options.contains(where: { $0.value.isTooDeep }) else {
            issue(optionsPath, "nested deeper than 64 levels")
            return nil
        }
        let text = JSONValue.object(options).text
        switch LoadedInstance.create(strategy, options: text) {
        case .failure(let refusal):
            issue(optionsPath, "refused by strategy \"\(wanted)\" of \(path): \"\(refusal.message)\"")
            return nil
        case .success(let instance):
            let own = options.filter { !DaemonOptions.reads($0.key) }.map { ($0.key, $0.value.text) }
            return LoadedStrategy(strategy, of: library, common: daemon.common, autoplayMs: daemon.autoplayMs, ownOptions: own, instance: instance)
        }
    }

    /// The library at `given`, vetted once per config (by its canonical
    /// path); its strategies may not share a name with a built-in or
    /// another library's.
    mutating func library(at given: String, for entry: JSONPath) -> PluginLibrary? {
        if let first = refused[given] {
            issue(entry, "\(given): refused above (\(first))")
            return nil
        }
        guard let libraries else {
            issue(entry, "\(given): plugin libraries are not loaded here (only from a config file)")
            return nil
        }
        let path: String
        let pointer: UnsafePointer<detent_plugin_v1>?
        do {
            let opened = try libraries.open(given)
            path = opened.path
            pointer = opened.entry
            if let note = opened.note, !notes.contains(note) { notes.append(note) }
        } catch {
            issue(entry, "\(given): \(error.message)")
            refused[given] = entry
            return nil
        }
        if let library = loaded[path] { return library }
        if let first = refused[path] {
            issue(entry, "\(path): refused above (\(first))")
            return nil
        }
        let library: PluginLibrary
        do {
            library = try PluginLibrary(path: path, entry: pointer)
        } catch {
            issue(entry, "\(path): \(error.message)")
            refused[path] = entry
            return nil
        }
        for strategy in library.strategies {
            if StrategyRegistry.type(named: strategy.name) != nil {
                issue(entry, "\(path): strategy \"\(strategy.name)\" clashes with the built-in strategy of that name")
                refused[path] = entry
                return nil
            }
            if let other = loaded.values.first(where: { $0.strategy(named: strategy.name) != nil }) {
                issue(entry, "\(path): strategy \"\(strategy.name)\" clashes with the strategy of that name in \(other.path)")
                refused[path] = entry
                return nil
            }
        }
        loaded[path] = library
        libraryOrder.append(path)
        return library
    }
}
