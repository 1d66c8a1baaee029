/// Reads and validates plugins.json. Every problem names the file, the JSON
/// path and what is wrong, with the nearest known name when one is near.
public enum ConfigLoader {
    static let topKeys = ["listen", "socketMode", "defaultPlugin", "motion", "limits", "plugins", "allowUsers", "allowGroups"]
    static let pluginKeys = ["name", "strategy", "options", "library"]

    /// Loads a config from its bytes.
    /// - Parameters:
    ///   - file: how to name the file in errors (the path as given).
    ///   - directory: the folder a relative `listen` or `library` is
    ///     resolved against.
    ///   - libraries: opens plugin libraries; without it a `library` entry
    ///     is an error (the embedded config has none).
    public static func load(
        _ bytes: [UInt8], file: String, directory: String?, libraries: (any LibraryLoader)? = nil
    ) throws(ConfigError) -> Config {
        let root: JSONValue
        do {
            root = try JSONParser.parse(bytes)
        } catch {
            let (line, column) = position(of: error.offset, in: bytes)
            throw ConfigError([ConfigIssue(file: file, path: error.path,
                                           message: "line \(line), column \(column): \(error.message)")])
        }
        var reader = ConfigReader(file: file, libraries: libraries)
        let config = reader.config(root, directory: directory)
        if let config, reader.issues.isEmpty { return config }
        throw ConfigError(reader.issues)
    }

    /// Line and column (from 1) of a byte offset.
    static func position(of offset: Int, in bytes: [UInt8]) -> (Int, Int) {
        var line = 1
        var column = 1
        for byte in bytes.prefix(offset) {
            if byte == 0x0A { line += 1; column = 1 } else if byte & 0xC0 != 0x80 { column += 1 }
        }
        return (line, column)
    }
}
