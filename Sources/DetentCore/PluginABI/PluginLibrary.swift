import CDetentPlugin

/// A plugin library that passed its checks (detent-plugin(3)): the magic,
/// the ABI version, the struct sizes and each strategy's table, before
/// anything of it is trusted.
public struct PluginLibrary: Sendable {
    /// The shared object's absolute path.
    public let path: String
    /// The plugin's own name and version, for `--check`.
    public let name: String
    public let version: String
    public let strategies: [LibraryStrategy]

    /// Vets what `detent_plugin_entry_v1` returned.
    public init(path: String, entry: UnsafePointer<detent_plugin_v1>?) throws(PluginLibraryError) {
        self.path = path
        guard let plugin = entry?.pointee else { throw PluginLibraryError("detent_plugin_entry_v1 returned NULL") }
        guard plugin.magic == DETENT_PLUGIN_MAGIC else {
            throw PluginLibraryError("is not a Detent plugin: its magic is \(Self.hex(plugin.magic)), not \(Self.hex(DETENT_PLUGIN_MAGIC)) (\"DTNP\")")
        }
        guard plugin.abi_version == DETENT_PLUGIN_ABI_VERSION else {
            throw PluginLibraryError("was built for ABI \(plugin.abi_version), detentd speaks \(DETENT_PLUGIN_ABI_VERSION): "
                + "rebuild it against detent_plugin.h \(DETENT_PLUGIN_ABI_VERSION)")
        }
        try Self.checkSize(plugin.struct_size, of: detent_plugin_v1.self, "detent_plugin_v1")
        guard let name = Self.text(plugin.name), !name.isEmpty, let version = Self.text(plugin.version) else {
            throw PluginLibraryError("declares no name or version (UTF-8 strings)")
        }
        self.name = name
        self.version = version
        guard plugin.strategy_count > 0, let first = plugin.strategies else {
            throw PluginLibraryError("declares no strategies")
        }
        // The array's stride is the plugin's struct size: a newer header's
        // larger table still lines up.
        let stride = Int(first.pointee.struct_size)
        try Self.checkSize(first.pointee.struct_size, of: detent_strategy_v1.self, "detent_strategy_v1")
        var strategies: [LibraryStrategy] = []
        for i in 0..<Int(plugin.strategy_count) {
            let table = (UnsafeRawPointer(first) + i * stride).assumingMemoryBound(to: detent_strategy_v1.self)
            let strategy = table.pointee
            guard strategy.struct_size == first.pointee.struct_size else {
                throw PluginLibraryError("strategy \(i) has struct_size \(strategy.struct_size), strategy 0 has \(stride)")
            }
            guard let name = Self.text(strategy.name), FieldDecoder.isSessionName(name) else {
                throw PluginLibraryError("strategy \(i) has no valid name (1 to 64 of A-Z a-z 0-9 . _ -)")
            }
            guard strategy.create != nil, strategy.decide != nil else {
                throw PluginLibraryError("strategy \"\(name)\" has no create or no decide function")
            }
            guard !strategies.contains(where: { $0.name == name }) else {
                throw PluginLibraryError("declares strategy \"\(name)\" twice")
            }
            strategies.append(LibraryStrategy(name: name, description: Self.text(strategy.description) ?? "", table: table))
        }
        self.strategies = strategies
    }

    /// The strategy named `name`.
    public func strategy(named name: String) -> LibraryStrategy? {
        strategies.first { $0.name == name }
    }

    static func checkSize<T>(_ size: UInt32, of _: T.Type, _ type: String) throws(PluginLibraryError) {
        let expected = MemoryLayout<T>.size
        guard Int(size) >= expected else {
            throw PluginLibraryError("is not binary compatible: its \(type) is \(size) bytes, detent_plugin.h "
                + "\(DETENT_PLUGIN_ABI_VERSION) has \(expected); rebuild it against detent_plugin.h \(DETENT_PLUGIN_ABI_VERSION)")
        }
    }

    static func text(_ pointer: UnsafePointer<CChar>?) -> String? {
        pointer.flatMap { String(validatingCString: $0) }
    }

    static func hex(_ value: UInt32) -> String {
        let digits = String(value, radix: 16, uppercase: true)
        return "0x" + String(repeating: "0", count: 8 - digits.count) + digits
    }
}
