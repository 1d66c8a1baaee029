/// Why a plugin library cannot be used: what the config error says after
/// the library's path.
public struct PluginLibraryError: Error, Sendable, Equatable {
    public var message: String

    public init(_ message: String) { self.message = message }
}
