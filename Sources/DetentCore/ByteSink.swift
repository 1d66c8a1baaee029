/// A text stream into bytes: what `Double.write(to:)` writes arrives as
/// ASCII bytes, with no `String` made on the way (measured: a 17-digit
/// number as a `String` costs an allocation and two copies).
struct ByteSink: TextOutputStream {
    var bytes: [UInt8] = []

    mutating func write(_ string: String) {
        bytes.append(contentsOf: string.utf8)
    }

    mutating func _writeASCII(_ buffer: UnsafeBufferPointer<UInt8>) {
        bytes.append(contentsOf: buffer)
    }
}
