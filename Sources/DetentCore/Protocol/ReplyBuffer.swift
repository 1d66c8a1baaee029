/// Bytes of replies waiting to be sent: a connection's output. Replies are
/// written straight into it through a pointer (`ReplyWriter`), and it keeps
/// its memory between turns, so a reply in steady state costs no
/// allocation and no per-append bookkeeping. Measured on the line path:
/// appending each key and number to an `Array` cost more than the decision.
public final class ReplyBuffer {
    /// Where the bytes are and how many: behind a pointer held in a `let`,
    /// so writes are not checked for exclusive access one by one (measured:
    /// the checks on stored properties cost as much as the writes).
    private struct Header {
        var base: UnsafeMutablePointer<UInt8>
        var count: Int
        var capacity: Int
        /// The last number written by the general writer, and its text:
        /// a session's spring `omega` is the same in every reply.
        var remembered = Double.nan
        var rememberedLength = 0
        var rememberedText: (UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0)
    }

    private let header: UnsafeMutablePointer<Header>

    /// - Parameter capacity: 0 (the default) takes memory at the first reply.
    public init(capacity: Int = 0) {
        let capacity = max(capacity, 0)
        header = .allocate(capacity: 1)
        header.initialize(to: Header(base: .allocate(capacity: capacity), count: 0, capacity: capacity))
    }

    deinit {
        header.pointee.base.deallocate()
        header.deallocate()
    }

    /// The first byte.
    public var base: UnsafeMutablePointer<UInt8> { header.pointee.base }
    /// Bytes written.
    public var count: Int { header.pointee.count }
    public var capacity: Int { header.pointee.capacity }
    public var isEmpty: Bool { header.pointee.count == 0 }

    /// The bytes written, as an array (tests and tools).
    public var bytes: [UInt8] { Array(UnsafeBufferPointer(start: base, count: count)) }

    /// Makes room for `extra` more bytes; returns where they go.
    @inline(__always)
    func reserve(_ extra: Int) -> UnsafeMutablePointer<UInt8> {
        if header.pointee.count + extra > header.pointee.capacity { grow(to: header.pointee.count + extra) }
        return header.pointee.base + header.pointee.count
    }

    private func grow(to needed: Int) {
        var size = max(header.pointee.capacity, 256)
        while size < needed { size *= 2 }
        let fresh = UnsafeMutablePointer<UInt8>.allocate(capacity: size)
        fresh.update(from: header.pointee.base, count: header.pointee.count)
        header.pointee.base.deallocate()
        header.pointee.base = fresh
        header.pointee.capacity = size
    }

    /// Counts `n` bytes written at `reserve`'s pointer.
    @inline(__always)
    func commit(_ n: Int) { header.pointee.count += n }

    @inline(__always)
    public func append(_ byte: UInt8) {
        reserve(1).initialize(to: byte)
        header.pointee.count += 1
    }

    public func append(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard let source = bytes.baseAddress, !bytes.isEmpty else { return }
        reserve(bytes.count).update(from: source, count: bytes.count)
        header.pointee.count += bytes.count
    }

    @inline(__always)
    public func append(_ text: StaticString) {
        let n = text.utf8CodeUnitCount
        reserve(n).update(from: text.utf8Start, count: n)
        header.pointee.count += n
    }

    public func append(_ text: String) {
        var text = text
        text.withUTF8 { append($0) }
    }

    /// Writes `value`'s text again if it was the last one remembered.
    func appendRemembered(_ value: Double) -> Bool {
        guard header.pointee.remembered.bitPattern == value.bitPattern else { return false }
        let length = header.pointee.rememberedLength
        let room = reserve(length)
        withUnsafeBytes(of: &header.pointee.rememberedText) { text in
            room.update(from: text.baseAddress!.assumingMemoryBound(to: UInt8.self), count: length)
        }
        header.pointee.count += length
        return true
    }

    /// Remembers `value` as the text written from `start` to the end.
    func remember(_ value: Double, from start: Int) {
        let length = count - start
        guard length <= 32 else { return }
        header.pointee.remembered = value
        header.pointee.rememberedLength = length
        let source = base + start
        withUnsafeMutableBytes(of: &header.pointee.rememberedText) { text in
            text.baseAddress!.copyMemory(from: source, byteCount: length)
        }
    }

    /// Drops the first `n` bytes (sent ones).
    public func removeFirst(_ n: Int) {
        precondition(n <= count)
        base.update(from: base + n, count: count - n)
        header.pointee.count -= n
    }

    /// Empties it; memory above `keepingAtMost` bytes is given back.
    public func removeAll(keepingAtMost limit: Int = .max) {
        header.pointee.count = 0
        if header.pointee.capacity > limit {
            header.pointee.base.deallocate()
            header.pointee.capacity = 0
            header.pointee.base = .allocate(capacity: 0)
        }
    }
}

/// `Double.write(to:)` into a reply buffer: the digits arrive as ASCII
/// bytes, with no `String` made on the way.
struct ReplyBufferSink: TextOutputStream {
    let out: ReplyBuffer

    func write(_ string: String) {
        out.append(string)
    }

    func _writeASCII(_ buffer: UnsafeBufferPointer<UInt8>) {
        out.append(buffer)
    }
}
