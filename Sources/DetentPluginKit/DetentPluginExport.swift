#if canImport(Glibc)
import Glibc
#endif
import CDetentPlugin
import FoundationEssentials
import Synchronization

/// Turns `LoadableStrategy` types into the table `detent_plugin_entry_v1`
/// returns (detent_plugin.h), built once and kept for the life of the
/// process. Export it with one line:
///
/// ```swift
/// @_cdecl("detent_plugin_entry_v1")
/// public func entry() -> UnsafeRawPointer { DetentPluginExport.entry(name: "mine", version: "1.0", [Mine.self]) }
/// ```
public enum DetentPluginExport {
    /// At most this many strategies per library: each needs a C `create`
    /// of its own, and C functions cannot capture.
    public static let maxStrategies = 8

    /// The table, once built.
    private static let built = Mutex<UnsafeRawPointer?>(nil)

    /// The registered strategies, by index.
    nonisolated(unsafe) static var registered: [Registered] = []

    struct Registered {
        var name: String
        var description: String
        var make: (String) throws -> Instance
    }

    /// One strategy of one plugin entry, kept alive by detentd through the
    /// pointer `create` returned until it calls `destroy`.
    final class Instance {
        let decide: (PluginRelease) throws -> PluginChoice

        init(decide: @escaping (PluginRelease) throws -> PluginChoice) { self.decide = decide }
    }

    /// The `detent_plugin_v1` describing `strategies`; the same pointer on
    /// every call.
    public static func entry(name: String, version: String, _ strategies: [any LoadableStrategy.Type]) -> UnsafeRawPointer {
        built.withLock { table in
            if let table { return table }
            precondition(!strategies.isEmpty && strategies.count <= maxStrategies,
                         "a plugin library has 1 to \(maxStrategies) strategies")
            registered = strategies.map { register($0) }
            let tables = UnsafeMutablePointer<detent_strategy_v1>.allocate(capacity: strategies.count)
            for (i, strategy) in registered.enumerated() {
                tables[i] = detent_strategy_v1(
                    struct_size: UInt32(MemoryLayout<detent_strategy_v1>.size), name: strdup(strategy.name),
                    description: strdup(strategy.description), create: creates[i], decide: decide, destroy: destroy)
            }
            let plugin = UnsafeMutablePointer<detent_plugin_v1>.allocate(capacity: 1)
            plugin.initialize(to: detent_plugin_v1(
                magic: DETENT_PLUGIN_MAGIC, abi_version: DETENT_PLUGIN_ABI_VERSION,
                struct_size: UInt32(MemoryLayout<detent_plugin_v1>.size), name: strdup(name), version: strdup(version),
                strategy_count: UInt32(strategies.count), strategies: tables))
            table = UnsafeRawPointer(plugin)
            return table!
        }
    }

    static func register<S: LoadableStrategy>(_ type: S.Type) -> Registered {
        Registered(name: S.name, description: S.description) { json in
            let options = try JSONDecoder().decode(S.Options.self, from: Data(json.utf8))
            let strategy = try S(options: options)
            return Instance(decide: strategy.decide)
        }
    }

    typealias Create = @convention(c) (UnsafePointer<CChar>?, Int, UnsafeMutablePointer<CChar>?, Int) -> UnsafeMutableRawPointer?

    static let creates: [Create] = [
        { create(0, $0, $1, $2, $3) }, { create(1, $0, $1, $2, $3) }, { create(2, $0, $1, $2, $3) }, { create(3, $0, $1, $2, $3) },
        { create(4, $0, $1, $2, $3) }, { create(5, $0, $1, $2, $3) }, { create(6, $0, $1, $2, $3) }, { create(7, $0, $1, $2, $3) },
    ]

    static func create(
        _ index: Int, _ json: UnsafePointer<CChar>?, _ length: Int, _ err: UnsafeMutablePointer<CChar>?, _ capacity: Int
    ) -> UnsafeMutableRawPointer? {
        guard let json else { return nil }
        let text = String(decoding: UnsafeRawBufferPointer(start: json, count: length), as: UTF8.self)
        do {
            let instance = try registered[index].make(text)
            return Unmanaged.passRetained(instance).toOpaque()
        } catch {
            write(describe(error), to: err, capacity)
            return nil
        }
    }

    static let decide: @convention(c) (
        UnsafeMutableRawPointer?, UnsafePointer<detent_release>?, UnsafeMutablePointer<detent_choice>?, UnsafeMutablePointer<CChar>?, Int
    ) -> Int32 = { instance, input, output, err, capacity in
        guard let instance, let input, let output else { return 1 }
        let box = Unmanaged<Instance>.fromOpaque(instance).takeUnretainedValue()
        do {
            let choice = try box.decide(PluginRelease(input.pointee))
            output.pointee = detent_choice(snap: Int32(clamping: choice.snap), mode: choice.mode.rawValue)
            return 0
        } catch {
            write(describe(error), to: err, capacity)
            return 1
        }
    }

    static let destroy: @convention(c) (UnsafeMutableRawPointer?) -> Void = { instance in
        if let instance { Unmanaged<Instance>.fromOpaque(instance).release() }
    }

    /// A message for detentd: where a decoding error is, and what.
    static func describe(_ error: any Error) -> String {
        guard let decoding = error as? DecodingError else { return "\(error)" }
        let (context, what): (DecodingError.Context, String)
        switch decoding {
        case .typeMismatch(let type, let c): (context, what) = (c, "expected \(type)")
        case .valueNotFound(let type, let c): (context, what) = (c, "expected \(type), found null")
        case .keyNotFound(let key, let c): (context, what) = (c, "\(key.stringValue): required")
        case .dataCorrupted(let c): (context, what) = (c, c.debugDescription)
        @unknown default: return "\(error)"
        }
        let path = context.codingPath.map { $0.intValue.map { "[\($0)]" } ?? $0.stringValue }.joined(separator: ".")
        return path.isEmpty ? what : "\(path): \(what)"
    }

    /// Copies a message into detentd's buffer, cut to fit, terminated.
    static func write(_ message: String, to buffer: UnsafeMutablePointer<CChar>?, _ capacity: Int) {
        guard let buffer, capacity > 0 else { return }
        let bytes = Array(message.utf8.prefix(capacity - 1))
        for (i, byte) in bytes.enumerated() { buffer[i] = CChar(bitPattern: byte) }
        buffer[bytes.count] = 0
    }
}
