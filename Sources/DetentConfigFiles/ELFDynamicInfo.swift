#if canImport(Glibc)
import Glibc
#endif

/// What a shared object asks of the dynamic linker, read from its file
/// without loading it: the libraries it needs (`DT_NEEDED`) and where it
/// looks for them (`DT_RUNPATH`, `DT_RPATH`). 64-bit little-endian ELF
/// only, as on every platform detentd builds on.
struct ELFDynamicInfo {
    var needed: [String] = []
    var searchPaths: [String] = []

    /// Nil when the file is not such an ELF object (`dlopen` then says
    /// why). Every offset is the file's word: each is checked against its
    /// size, so no file can make this read out of bounds or overflow.
    init?(path: String) {
        guard let bytes = Self.read(path), bytes.count >= 64,
              bytes[0] == 0x7F, bytes[1] == 0x45, bytes[2] == 0x4C, bytes[3] == 0x46,  // \x7fELF
              bytes[4] == 2, bytes[5] == 1 else { return nil }  // 64-bit, little-endian
        let size = bytes.count
        /// A little-endian field of `width` bytes at `at`, if it is in the file and fits in an Int.
        func field(_ at: Int, _ width: Int) -> Int? {
            guard at >= 0, at <= size - width else { return nil }
            var value: UInt64 = 0
            for i in (0..<width).reversed() { value = value << 8 | UInt64(bytes[at + i]) }
            return value <= UInt64(Int32.max) * 4096 ? Int(value) : nil  // far beyond any file we read
        }
        guard let sectionTable = field(0x28, 8), let sectionSize = field(0x3A, 2), let sectionCount = field(0x3C, 2),
              sectionSize >= 64, sectionTable <= size, sectionCount <= (size - sectionTable) / sectionSize else { return nil }
        func section(_ i: Int) -> (type: Int, offset: Int, size: Int, link: Int)? {
            let at = sectionTable + i * sectionSize
            guard let type = field(at + 4, 4), let offset = field(at + 0x18, 8), let length = field(at + 0x20, 8),
                  let link = field(at + 0x28, 4), offset <= size, length <= size - offset else { return nil }
            return (type, offset, length, link)
        }
        // SHT_DYNAMIC (6) names its string table in sh_link.
        guard let dynamic = (0..<sectionCount).lazy.compactMap(section).first(where: { $0.type == 6 }),
              dynamic.link < sectionCount, let strings = section(dynamic.link) else { return nil }
        func string(_ offset: Int) -> String {
            guard offset < strings.size else { return "" }
            let start = strings.offset + offset
            var end = start
            while end < strings.offset + strings.size, bytes[end] != 0 { end += 1 }
            return String(decoding: bytes[start..<end], as: UTF8.self)
        }
        var at = dynamic.offset
        entries: while at <= dynamic.offset + dynamic.size - 16 {
            guard let tag = field(at, 8), let value = field(at + 8, 8) else { break }
            switch tag {
            case 0: break entries  // DT_NULL
            case 1: needed.append(string(value))  // DT_NEEDED
            case 15, 29: searchPaths += string(value).split(separator: ":").map(String.init)  // DT_RPATH, DT_RUNPATH
            default: break
            }
            at += 16
        }
    }

    /// The file, up to 256 MiB.
    static func read(_ path: String) -> [UInt8]? {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0, info.st_size > 0, info.st_size < 256 << 20 else { return nil }
        var bytes = [UInt8](repeating: 0, count: Int(info.st_size))
        var done = 0
        while done < bytes.count {
            let n = bytes.withUnsafeMutableBytes { pread(fd, $0.baseAddress! + done, $0.count - done, off_t(done)) }
            if n < 0, errno == EINTR { continue }
            guard n > 0 else { return nil }
            done += n
        }
        return bytes
    }
}
