/// A strategy for detentd written in Swift and loaded from a plugin
/// library (detent-plugin(3)): typed options decoded from the plugin
/// entry's JSON, and a rule on Swift values. `DetentPluginExport` turns
/// such types into the C table detentd loads.
///
/// ```swift
/// struct HalfPage: LoadableStrategy {
///     struct Options: Decodable { var maxStep: Int? }
///     static let name = "swift-half-page"
///     static let description = "the snap nearest the target, at most maxStep from k0"
///     let maxStep: Int
///     init(options: Options) throws { maxStep = options.maxStep ?? 1 }
///     func decide(_ release: PluginRelease) throws -> PluginChoice { ... }
/// }
/// @_cdecl("detent_plugin_entry_v1")
/// public func entry() -> UnsafeRawPointer { DetentPluginExport.entry(name: "half", version: "1.0", [HalfPage.self]) }
/// ```
public protocol LoadableStrategy {
    /// The entry's `options` object, decoded with `JSONDecoder`. Keys it
    /// does not declare (the daemon's own options among them) are ignored.
    associatedtype Options: Decodable

    /// What `"strategy"` says in plugins.json: 1 to 64 of A-Z a-z 0-9 . _ -.
    static var name: String { get }
    /// One line, shown by `detentd --check`.
    static var description: String { get }

    /// Builds the strategy of one plugin entry; throw to refuse its options
    /// (the error's description is the message the config error quotes).
    init(options: Options) throws

    /// The snap to rest on; throw to answer `plugin-failed`.
    func decide(_ release: PluginRelease) throws -> PluginChoice
}
