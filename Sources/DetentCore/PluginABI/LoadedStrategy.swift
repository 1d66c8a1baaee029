import CDetentPlugin

/// A strategy of a plugin library, called through detent_plugin.h
/// (detent-plugin(3)). Snaps come from the geometry as for built-ins
/// (items with `align` and `contain`, or points); loops are refused.
public struct LoadedStrategy: Strategy {
    public let about: StrategyDescription
    public let library: PluginLibrary
    public let common: CommonOptions
    public let autoplayMs: Double
    /// The plugin's own options, as given (`name=JSON`), for `--check`.
    let ownOptions: [(String, String)]
    let instance: LoadedInstance

    public var summary: [(String, String)] { [("library", library.path)] + ownOptions }

    init(_ strategy: LibraryStrategy, of library: PluginLibrary, common: CommonOptions, autoplayMs: Double,
         ownOptions: [(String, String)], instance: LoadedInstance) {
        // Items or points, no loops, like most built-ins; no `page`.
        about = StrategyDescription(name: strategy.name, summary: strategy.description)
        self.library = library
        self.common = common
        self.autoplayMs = autoplayMs
        self.ownOptions = ownOptions
        self.instance = instance
    }

    /// The plugin's `decide`; a failure, a snap outside the snaps or an
    /// unknown mode is `plugin-failed` and the session stays where it rested.
    public func decide(_ release: Release, layout: Layout, from k0: Int) throws(ProtocolError) -> Choice {
        let offsets = layout.snaps.offsets
        guard offsets.count <= Int(Int32.max) else { throw failure("has more snaps than an int32_t counts") }
        let instance = self.instance
        let (status, choice, message) = offsets.withUnsafeBufferPointer { snaps in
            var input = detent_release(x: release.x, v: release.v, target: release.target, k0: Int32(k0),
                                       count: Int32(snaps.count), snaps: snaps.baseAddress,
                                       viewport: layout.geometry.viewport, max_offset: layout.geometry.maxOffset)
            var output = detent_choice(snap: -1, mode: -1)
            let (status, message) = LoadedInstance.message({ err, capacity in
                instance.table.pointee.decide!(instance.pointer, &input, &output, err, capacity)
            }, failed: { $0 != 0 })
            return (status, output, message)
        }
        guard status == 0 else {
            throw failure(message.isEmpty ? "failed (returned \(status)) without a message" : "failed: \(message)")
        }
        guard choice.snap >= 0, Int(choice.snap) < offsets.count else {
            throw failure("chose snap \(choice.snap), outside the snaps 0...\(offsets.count - 1)")
        }
        switch choice.mode {
        case Int32(DETENT_MODE_ANIMATE): return .snap(Int(choice.snap), .animate)
        case Int32(DETENT_MODE_DECELERATE): return .snap(Int(choice.snap), .decelerate)
        default:
            throw failure("chose mode \(choice.mode), neither DETENT_MODE_ANIMATE (0) nor DETENT_MODE_DECELERATE (1)")
        }
    }

    func failure(_ what: String) -> ProtocolError {
        ProtocolError(.pluginFailed, "strategy \"\(name)\" of \(library.path) \(what)")
    }
}
