#if canImport(Glibc)
import Glibc
#endif
import CELF

/// What a shared object asks of the dynamic linker, read from its file
/// without loading it: the libraries it needs (`DT_NEEDED`) and where it
/// looks for them (`DT_RUNPATH`, `DT_RPATH`). 64-bit little-endian ELF
/// only, as on every platform detentd builds on; the layouts are <elf.h>'s.
/// Nil when the file is not such an object (`dlopen` then says why). Every
/// offset is the file's word: each is checked against its size, so no file
/// can make this read out of bounds or overflow.
struct ELFDynamicInfo {
    var needed: [String] = []
    var searchPaths: [String] = []

    init?(path: String) {
        guard let bytes = Self.read(path) else { return nil }
        let size = bytes.count
        /// The structure at `at`, if all of it is in the file.
        func load<T>(_: T.Type, at: Int) -> T? {
            guard at >= 0, at <= size - MemoryLayout<T>.size else { return nil }
            return bytes.withUnsafeBytes { $0.loadUnaligned(fromByteOffset: at, as: T.self) }
        }
        /// A file offset or length as an Int, if it is within the file.
        func within(_ value: some BinaryInteger) -> Int? {
            guard let n = Int(exactly: value), n >= 0, n <= size else { return nil }
            return n
        }
        guard let header = load(Elf64_Ehdr.self, at: 0) else { return nil }
        let ident = withUnsafeBytes(of: header.e_ident) { Array($0) }
        guard ident[Int(EI_MAG0)...Int(EI_MAG3)] == [UInt8(ELFMAG0), UInt8(ascii: "E"), UInt8(ascii: "L"), UInt8(ascii: "F")],
              ident[Int(EI_CLASS)] == ELFCLASS64, ident[Int(EI_DATA)] == ELFDATA2LSB,
              let sectionTable = within(header.e_shoff) else { return nil }
        let sectionSize = Int(header.e_shentsize), sectionCount = Int(header.e_shnum)
        guard sectionSize >= MemoryLayout<Elf64_Shdr>.size, sectionCount <= (size - sectionTable) / sectionSize else { return nil }
        func section(_ i: Int) -> (type: UInt32, offset: Int, size: Int, link: Int)? {
            guard let shdr = load(Elf64_Shdr.self, at: sectionTable + i * sectionSize),
                  let offset = within(shdr.sh_offset), let length = within(shdr.sh_size), length <= size - offset else { return nil }
            return (shdr.sh_type, offset, length, Int(shdr.sh_link))
        }
        // The dynamic section names its string table in sh_link.
        guard let dynamic = (0..<sectionCount).lazy.compactMap(section).first(where: { $0.type == SHT_DYNAMIC }),
              dynamic.link < sectionCount, let strings = section(dynamic.link) else { return nil }
        func string(_ offset: Int) -> String {
            guard offset < strings.size else { return "" }
            let start = strings.offset + offset
            var end = start
            while end < strings.offset + strings.size, bytes[end] != 0 { end += 1 }
            return String(decoding: bytes[start..<end], as: UTF8.self)
        }
        let entry = MemoryLayout<Elf64_Dyn>.size
        var at = dynamic.offset
        entries: while at <= dynamic.offset + dynamic.size - entry {
            guard let dyn = load(Elf64_Dyn.self, at: at) else { break }
            let value = Int(exactly: dyn.d_un.d_val) ?? Int.max
            switch dyn.d_tag {
            case Int64(DT_NULL): break entries
            case Int64(DT_NEEDED): needed.append(string(value))
            case Int64(DT_RPATH), Int64(DT_RUNPATH): searchPaths += string(value).split(separator: ":").map(String.init)
            default: break
            }
            at += entry
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
