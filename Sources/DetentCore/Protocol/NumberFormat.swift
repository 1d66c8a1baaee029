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
        // Whole and in Int64's range, by two conversions rather than a
        // call to the C library's trunc (measured: a call a number).
        if abs(value) < 9.2e18 {
            let whole = Int64(value)
            if Double(whole) == value {
                append(whole, to: out)
                return
            }
        } else if value == value.rounded(.towardZero) {
            out.append(string(value))
            return
        }
        if out.appendRemembered(value) { return }
        if appendShortDecimal(value, to: out) { return }

        let start = out.count
        var sink = ReplyBufferSink(out: out)
        value.write(to: &sink)
        out.remember(value, from: start)
    }

    /// A value a decimal of at most `maxFractionDigits` fraction digits
    /// reads back as (most offsets and velocities a client sends): the
    /// first fraction length `k` at which the integer nearest `|value|·10^k`
    /// divides back to it. That decimal is the shortest that reads back,
    /// and the only one of its length (below 2^52 the product is off by at
    /// most a quarter, the tolerance of reading back), so it is what
    /// `description` writes (a test compares them). Anything else is left
    /// to the standard library.
    static func appendShortDecimal(_ value: Double, to out: ReplyBuffer) -> Bool {
        let magnitude = abs(value)
        guard magnitude >= 1e-3, magnitude < 1e9 else { return false }
        var scale = 1.0
        for fractionDigits in 1...maxFractionDigits {
            scale *= 10
            let nearest = (magnitude * scale).rounded()
            if nearest / scale == magnitude {
                writeDecimal(UInt64(nearest), fractionDigits: fractionDigits, negative: value < 0, to: out)
                return true
            }
        }
        return false
    }

    /// Appends a client's decimal kept by `DecimalEcho`: the very digits
    /// `append` would write for its double.
    static func append(_ text: DecimalEcho.Text, negative: Bool, to out: ReplyBuffer) {
        let digits = text.digits
        if text.fractionDigits == 0 {
            append(negative ? -Int64(digits) : Int64(digits), to: out)
        } else {
            writeDecimal(digits, fractionDigits: text.fractionDigits, negative: negative, to: out)
        }
    }

    /// How far the short path looks: values with more digits (computed
    /// velocities, spring constants) go to the general writer at once.
    static let maxFractionDigits = 6

    /// `digits` with a point before its last `fractionDigits` (a leading `0.` and zeros as needed).
    private static func writeDecimal(_ digits: UInt64, fractionDigits: Int, negative: Bool, to out: ReplyBuffer) {
        var count = 0
        var probe = digits
        while probe > 0 {
            count += 1
            probe /= 10
        }
        let integerDigits = max(count - fractionDigits, 1)
        let length = (negative ? 1 : 0) + integerDigits + 1 + fractionDigits
        let room = out.reserve(length)
        var index = length - 1
        var rest = digits
        for _ in 0..<fractionDigits {
            room[index] = 0x30 + UInt8(rest % 10)
            rest /= 10
            index -= 1
        }
        room[index] = 0x2E
        index -= 1
        for _ in 0..<integerDigits {
            room[index] = 0x30 + UInt8(rest % 10)
            rest /= 10
            index -= 1
        }
        if negative { room[0] = 0x2D }
        out.commit(length)
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
        var digits = 1
        var bound: UInt64 = 10
        while digits < 20, magnitude >= bound {
            digits += 1
            bound = bound &* 10
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
