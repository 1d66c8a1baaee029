#if canImport(Glibc)
import Glibc
#endif
import DetentCore
import DetentServer

/// The config detentd serves and where it came from.
struct LoadedConfig {
    var config: Config
    /// The file, or nil for the embedded copy.
    var path: String?
    /// How to name it in messages.
    var source: String

    /// CONFIG.md: `--config`, else ./plugins.json, else
    /// /etc/detent/plugins.json, else the embedded copy.
    static func resolve(explicit: String?) throws(ConfigError) -> LoadedConfig {
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
