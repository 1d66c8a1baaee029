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
        "Defaults to ./plugins.json if present, else /etc/detent/plugins.json, else the embedded copy."

    /// detentd(8): `--config`, else ./plugins.json, else
    /// /etc/detent/plugins.json, else the embedded copy.
    public static func resolve(explicit: String?) throws(ConfigError) -> LoadedConfig {
        if let explicit {
            return LoadedConfig(config: try ConfigFile.load(explicit), path: explicit, source: explicit)
        }
        for candidate in ["plugins.json", "/etc/detent/plugins.json"] where access(candidate, F_OK) == 0 {
            return LoadedConfig(config: try ConfigFile.load(candidate), path: candidate, source: candidate)
        }
        let embedded = try ConfigLoader.load(Array(EmbeddedConfig.json.utf8), file: EmbeddedConfig.name, directory: nil)
        return LoadedConfig(config: embedded, path: nil, source: EmbeddedConfig.name)
    }
}
