#if canImport(Glibc)
import Glibc
#endif
import DetentCore

/// The config detentd serves and where it came from.
public struct LoadedConfig: Sendable {
    public var config: Config
    /// The file, or nil for the embedded copy.
    public var path: String?
    /// How to name it in messages.
    public var source: String

    /// How `--config` is found, for `--help`.
    public static let searchOrder =
        "Defaults to ./plugins.json if present, else /etc/detent/plugins.json, else the embedded copy; "
        + "with --user, $XDG_CONFIG_HOME/detent/plugins.json (~/.config/detent/plugins.json), "
        + "else /etc/detent/plugins.json, else the embedded copy."

    /// The files looked for, in order, when no `--config` is given:
    /// detentd(8), FILES.
    public static func search(user: Bool, environment: [String: String]) -> [String] {
        guard user else { return ["plugins.json", "/etc/detent/plugins.json"] }
        var files: [String] = []
        if let home = environment["XDG_CONFIG_HOME"], home.hasPrefix("/") {
            files.append(home + "/detent/plugins.json")
        } else if let home = environment["HOME"], !home.isEmpty {
            files.append(home + "/.config/detent/plugins.json")
        }
        return files + ["/etc/detent/plugins.json"]
    }

    /// detentd(8): `--config`, else the first file of `search` that
    /// exists, else the embedded copy.
    public static func resolve(explicit: String?, search: [String] = search(user: false, environment: [:])) throws(ConfigError) -> LoadedConfig {
        if let explicit {
            return LoadedConfig(config: try ConfigFile.load(explicit), path: explicit, source: explicit)
        }
        for candidate in search where access(candidate, F_OK) == 0 {
            return LoadedConfig(config: try ConfigFile.load(candidate), path: candidate, source: candidate)
        }
        let embedded = try ConfigLoader.load(Array(EmbeddedConfig.json.utf8), file: EmbeddedConfig.name, directory: nil)
        return LoadedConfig(config: embedded, path: nil, source: EmbeddedConfig.name)
    }
}
