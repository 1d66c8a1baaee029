#if canImport(Glibc)
import Glibc
#endif
import CDetentPlugin

/// One instance a plugin library's `create` made for a plugin entry; its
/// `destroy` runs when the last session and config holding it are gone.
final class LoadedInstance: @unchecked Sendable {
    // Sendable: detentd calls plugins on its loop thread only; the pointers
    // never change.
    let table: UnsafePointer<detent_strategy_v1>
    let pointer: UnsafeMutableRawPointer

    /// Room for a plugin's message, terminator included.
    static let messageCapacity = 512

    private init(table: UnsafePointer<detent_strategy_v1>, pointer: UnsafeMutableRawPointer) {
        self.table = table
        self.pointer = pointer
    }

    deinit { table.pointee.destroy?(pointer) }

    /// Calls `create` with the options as JSON text; the plugin's message
    /// when it refuses them.
    static func create(_ strategy: LibraryStrategy, options json: String) -> Result<LoadedInstance, PluginLibraryError> {
        var text = json
        let made: (UnsafeMutableRawPointer?, String) = text.withUTF8 { bytes in
            message({ err, capacity in
                bytes.withMemoryRebound(to: CChar.self) { chars in
                    // A copy with its terminator: the plugin may read it as a C string.
                    var terminated = Array(chars)
                    terminated.append(0)
                    return strategy.table.pointee.create!(terminated, chars.count, err, capacity)
                }
            }, failed: { (made: UnsafeMutableRawPointer?) in made == nil })
        }
        guard let pointer = made.0 else {
            return .failure(PluginLibraryError(made.1.isEmpty ? "(no message)" : made.1))
        }
        return .success(LoadedInstance(table: strategy.table, pointer: pointer))
    }

    /// Runs `body` with a message buffer on the stack (empty: its first
    /// byte 0); its result and, when `failed` says so, the message written
    /// (cut at the buffer's end, invalid UTF-8 replaced).
    static func message<T>(_ body: (UnsafeMutablePointer<CChar>, Int) -> T, failed: (T) -> Bool) -> (T, String) {
        withUnsafeTemporaryAllocation(of: CChar.self, capacity: messageCapacity) { buffer in
            let start = buffer.baseAddress!
            start.initialize(to: 0)
            start[messageCapacity - 1] = 0
            let result = body(start, messageCapacity)
            guard failed(result) else { return (result, "") }
            start[messageCapacity - 1] = 0
            let length = strlen(start)
            let bytes = UnsafeRawBufferPointer(start: start, count: length).bindMemory(to: UInt8.self)
            return (result, String(decoding: bytes, as: UTF8.self))
        }
    }
}
