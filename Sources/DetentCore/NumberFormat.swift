/// Writes numbers the way detent-protocol(7)'s "Reply format" rule asks: integral
/// values without fraction or exponent (`351`, and `-0` as `0`), others as the
/// shortest decimal that reads back as the same double.
public enum NumberFormat {
    /// The protocol spelling of `value`; `value` must be finite.
    public static func string(_ value: Double) -> String {
        if value == 0 { return "0" }
        if value == value.rounded(.towardZero) {
            if abs(value) < 9.2e18 { return String(Int64(value)) }
            return expandExponent(value.description)
        }
        return value.description
    }

    /// Appends the protocol spelling of `value` to `out`, writing into its
    /// memory: integral values (most offsets and every index) as integers,
    /// others through the standard library's shortest-digits writer, which
    /// writes what `description` would (a test compares them on random bit
    /// patterns).
    public static func append(_ value: Double, to out: ReplyBuffer) {
        if value == value.rounded(.towardZero) {
            if abs(value) < 9.2e18 {
                append(Int64(value), to: out)
            } else {
                out.append(string(value))
            }
            return
        }
        var sink = ReplyBufferSink(out: out)
        value.write(to: &sink)
    }

    /// Appends an integer's decimal digits to `out`.
    @inline(__always)
    public static func append(_ value: Int64, to out: ReplyBuffer) {
        var magnitude = value.magnitude
        let room = out.reserve(21)
        var at = 0
        if value < 0 {
            room[0] = 0x2D
            at = 1
        }
        if magnitude < 10 {
            room[at] = 0x30 + UInt8(magnitude)
            out.commit(at + 1)
            return
        }
        var digits = 0
        var probe = magnitude
        while probe > 0 {
            digits += 1
            probe /= 10
        }
        var index = at + digits - 1
        while magnitude > 0 {
            room[index] = 0x30 + UInt8(magnitude % 10)
            magnitude /= 10
            index -= 1
        }
        out.commit(at + digits)
    }

    /// Turns Swift's `1e+16` style into plain digits: an integral double is
    /// written without exponent, and its shortest digits followed by zeros
    /// still read back as the same double.
    static func expandExponent(_ text: String) -> String {
        guard let e = text.firstIndex(where: { $0 == "e" || $0 == "E" }) else { return text }
        var mantissa = String(text[..<e])
        guard let exponent = Int(text[text.index(after: e)...]) else { return text }
        var negative = false
        if mantissa.hasPrefix("-") { negative = true; mantissa.removeFirst() }
        var digits = mantissa
        var pointPosition = digits.count
        if let dot = digits.firstIndex(of: ".") {
            pointPosition = digits.distance(from: digits.startIndex, to: dot)
            digits.remove(at: dot)
        }
        let integerDigits = pointPosition + exponent
        guard integerDigits >= digits.count else { return text }
        let body = digits + String(repeating: "0", count: integerDigits - digits.count)
        return negative ? "-" + body : body
    }
}
