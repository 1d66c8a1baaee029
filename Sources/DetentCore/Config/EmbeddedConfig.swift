/// The repository's plugins.json, compiled in (SwiftPM's `.embedInCode` of
/// `Config/plugins.json`, a link to it): served when no config file is found
/// (detentd(8), FILES).
public enum EmbeddedConfig {
    /// The name errors and logs give the embedded copy.
    public static let name = "(embedded plugins.json)"

    /// The file's exact bytes.
    public static var bytes: [UInt8] { PackageResources.plugins_json }

    /// The file's exact text.
    public static var json: String { String(decoding: bytes, as: UTF8.self) }
}
