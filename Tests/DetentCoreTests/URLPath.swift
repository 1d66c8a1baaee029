#if canImport(Glibc)
import Glibc
#endif

/// Test-only file helpers (DetentCore itself does no I/O).
enum URLPath {
    /// The repository root, from this test file's path.
    static func repositoryRoot(from filePath: String) -> String {
        var parts = filePath.split(separator: "/", omittingEmptySubsequences: false)
        parts.removeLast(3)  // Tests/DetentCoreTests/File.swift
        return parts.joined(separator: "/")
    }

    struct ReadError: Error { let path: String }

    /// A whole file as UTF-8.
    static func read(_ path: String) throws -> String {
        guard let file = fopen(path, "rb") else { throw ReadError(path: path) }
        defer { fclose(file) }
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65536)
        while true {
            let n = fread(&buffer, 1, buffer.count, file)
            if n <= 0 { break }
            bytes += buffer[0..<n]
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}
