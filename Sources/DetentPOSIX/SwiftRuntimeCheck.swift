#if canImport(Glibc)
import Glibc
#endif
import DetentCore

/// The Swift runtime is not ABI-stable on Linux: a plugin library built
/// against another toolchain's `libswiftCore.so` would be bound to
/// detentd's (the dynamic linker reuses a loaded soname) and could crash.
/// So, before `dlopen`, a library that needs the Swift runtime must find
/// exactly the one detentd runs on (detent-plugin(3), "Writing one in Swift").
enum SwiftRuntimeCheck {
    static let runtime = "libswiftCore.so"

    /// The runtime file detentd itself runs on (a mapping of this
    /// process), or nil when it has one linked in (a static build).
    static let ours: String? = {
        guard let maps = try? ConfigFile.read("/proc/self/maps") else { return nil }
        for line in String(decoding: maps, as: UTF8.self).split(separator: "\n") {
            guard let slash = line.firstIndex(of: "/") else { continue }
            let path = String(line[slash...])
            if path.hasSuffix("/" + runtime) { return path }
        }
        return nil
    }()

    /// Refuses a library whose Swift runtime is not detentd's.
    static func check(_ path: String) throws(PluginLibraryError) {
        guard let elf = ELFDynamicInfo(path: path), elf.needed.contains(runtime) else { return }
        guard let ours else {
            throw PluginLibraryError("links the Swift runtime dynamically (\(runtime)), but this detentd has its own linked in: "
                + "build the plugin with the Swift runtime linked statically and its symbols hidden (detent-plugin(3))")
        }
        let origin = String(path[..<(path.lastIndex(of: "/") ?? path.endIndex)])
        let candidates = elf.searchPaths.map { expand($0, origin: origin) + "/" + runtime }
        // The first one the linker would find; with none, it takes the loaded one: ours.
        guard let theirs = candidates.first(where: { access($0, F_OK) == 0 }) else { return }
        guard !sameFile(theirs, ours) else { return }
        let toolchain = String(ours[..<(ours.lastIndex(of: "/") ?? ours.endIndex)])
        throw PluginLibraryError("was built against the Swift runtime \(theirs), and detentd runs \(ours): the Swift runtime "
            + "is not ABI-stable on Linux; rebuild the plugin with detentd's toolchain (\(toolchain))")
    }

    /// A search path with `$ORIGIN` (or `${ORIGIN}`) put in.
    static func expand(_ path: String, origin: String) -> String {
        path.split(separator: "/", omittingEmptySubsequences: false)
            .map { $0 == "$ORIGIN" || $0 == "${ORIGIN}" ? Substring(origin) : $0 }
            .joined(separator: "/")
    }

    static func sameFile(_ a: String, _ b: String) -> Bool {
        var x = stat()
        var y = stat()
        return stat(a, &x) == 0 && stat(b, &y) == 0 && x.st_dev == y.st_dev && x.st_ino == y.st_ino
    }
}
