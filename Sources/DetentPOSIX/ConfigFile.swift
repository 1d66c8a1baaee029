#if canImport(Glibc)
import Glibc
#endif
import DetentCore

/// Reads plugins.json from disk for start-up and SIGHUP.
public enum ConfigFile {
    /// Loads and validates the file at `path`.
    public static func load(_ path: String) throws(ConfigError) -> Config {
        let bytes: [UInt8]
        do {
            bytes = try read(path)
        } catch {
            throw ConfigError([ConfigIssue(file: path, path: JSONPath(), message: error.message)])
        }
        let config = try ConfigLoader.load(bytes, file: path, directory: directory(of: path), libraries: SharedObjectLoader())
        return try PeerResolver.resolve(config, file: path)
    }

    /// The folder holding `path`, absolute, for resolving a relative `listen`.
    static func directory(of path: String) -> String {
        var folder = "."
        if let slash = path.lastIndex(of: "/") {
            folder = slash == path.startIndex ? "/" : String(path[..<slash])
        }
        if folder.hasPrefix("/") { return folder }
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        guard getcwd(&buffer, buffer.count) != nil else { return folder }
        let cwd = String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        return folder == "." ? cwd : cwd + "/" + folder
    }

    struct ReadError: Error { var message: String }

    /// A whole file's bytes.
    static func read(_ path: String) throws(ReadError) -> [UInt8] {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { throw ReadError(message: "cannot open: \(String(cString: strerror(errno)))") }
        defer { close(fd) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65536)
        while true {
            let n = chunk.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, $0.count) }
            if n < 0 {
                if errno == EINTR { continue }
                throw ReadError(message: "cannot read: \(String(cString: strerror(errno)))")
            }
            if n == 0 { break }
            bytes += chunk[0..<n]
            if bytes.count > 16 << 20 { throw ReadError(message: "larger than 16 MiB; not a plugins.json") }
        }
        return bytes
    }
}
