#if canImport(Glibc)
import Glibc
#endif
import CDetentPlugin
import DetentCore
import Synchronization

/// Opens plugin libraries with `dlopen` (detent-plugin(3)): once per path
/// for the life of the process (`RTLD_NODELETE`, never `dlclose`: sessions
/// may hold its strategies), `RTLD_NOW` so a missing symbol is refused at
/// load rather than crashing later, `RTLD_LOCAL` so libraries do not see
/// each other's symbols.
public struct SharedObjectLoader: LibraryLoader {
    public init() {}

    /// What was loaded, by path, and the file it was loaded from.
    private static let opened = Mutex<[String: Opened]>([:])

    private struct Opened: @unchecked Sendable {
        // Sendable: points into a library that is never unloaded.
        var entry: UnsafePointer<detent_plugin_v1>?
        var file: FileIdentity
    }

    /// A file as it was: a changed or replaced file differs.
    struct FileIdentity: Equatable {
        var device: UInt64, inode: UInt64, size: Int64, modified: Int, modifiedNanos: Int

        init(_ s: stat) {
            device = UInt64(s.st_dev)
            inode = UInt64(s.st_ino)
            size = Int64(s.st_size)
            modified = s.st_mtim.tv_sec
            modifiedNanos = s.st_mtim.tv_nsec
        }
    }

    public func open(_ given: String) throws(PluginLibraryError)
        -> (path: String, entry: UnsafePointer<detent_plugin_v1>?, note: String?) {
        var info = stat()
        guard stat(given, &info) == 0, let resolved = realpath(given, nil) else {
            throw PluginLibraryError(errno == ENOENT ? "no such file" : "cannot be read: \(String(cString: strerror(errno)))")
        }
        let path = String(cString: resolved)
        free(resolved)
        guard info.st_mode & S_IFMT == S_IFREG else { throw PluginLibraryError("is not a regular file") }
        let file = FileIdentity(info)
        if let known = Self.opened.withLock({ $0[path] }) {
            let note = known.file == file ? nil
                : "\(path) changed on disk since it was loaded; detentd goes on using the copy it loaded until it restarts"
            return (path, known.entry, note)
        }
        try SwiftRuntimeCheck.check(path)
        guard let handle = dlopen(path, RTLD_NOW | RTLD_LOCAL | RTLD_NODELETE) else {
            let reason = dlerror().map { String(cString: $0) } ?? "dlopen failed"
            throw PluginLibraryError("cannot be loaded as a shared object: \(reason)")
        }
        guard let symbol = dlsym(handle, "detent_plugin_entry_v1") else {
            throw PluginLibraryError("does not export detent_plugin_entry_v1: it is not a Detent plugin (see detent-plugin(3))")
        }
        typealias Entry = @convention(c) () -> UnsafePointer<detent_plugin_v1>?
        let entry = unsafeBitCast(symbol, to: Entry.self)()
        Self.opened.withLock { $0[path] = Opened(entry: entry, file: file) }
        return (path, entry, nil)
    }
}
