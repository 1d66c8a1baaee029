import DetentPluginKit

/// The half-page rule in Swift: the snap nearest the projected target,
/// but never more than `maxStep` snaps from where the drag started; the
/// momentum is kept.
struct SwiftHalfPage: LoadableStrategy {
    struct Options: Decodable {
        var maxStep: Int?
    }

    static let name = "swift-half-page"
    static let description = "the snap nearest the projected target, at most maxStep (1) snaps from where the drag started"

    let maxStep: Int

    init(options: Options) throws {
        maxStep = options.maxStep ?? 1
        guard maxStep >= 1 else { throw OptionError("maxStep must be at least 1, not \(maxStep)") }
    }

    func decide(_ release: PluginRelease) throws -> PluginChoice {
        let nearest = release.nearest(to: release.target)
        let snap = min(max(nearest, release.k0 - maxStep), release.k0 + maxStep)
        return PluginChoice(snap: snap, mode: .decelerate)
    }
}

/// Why the options are refused: its text is what `detentd --check` quotes.
struct OptionError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}

@_cdecl("detent_plugin_entry_v1")
public func detentPluginEntry() -> UnsafeRawPointer {
    DetentPluginExport.entry(name: "swift-half-page-example", version: "1.0.0", [SwiftHalfPage.self])
}
