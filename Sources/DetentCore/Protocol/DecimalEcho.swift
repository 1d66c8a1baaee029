/// The decimals a client sent for `x` and `v`, kept by `FastLine` when they
/// already are the spelling a reply would write (detent-protocol(7),
/// "Reply format"), so a reply can copy their digits rather than search
/// for the shortest ones again (issue 22). A reply echoes one only where
/// the number it writes is bit for bit the double that was read: a value
/// computed from it (adwaita's and qt-swipeview's `from` and `v`) is
/// written as usual.
public struct DecimalEcho: Sendable, Equatable {
    /// One number's digits as an integer (below 10^15) and how many of
    /// them are fraction digits, in one word; `none` when not kept.
    struct Text: Sendable, Equatable {
        let packed: UInt64
        static let none = Text(packed: .max)

        init(packed: UInt64) { self.packed = packed }
        init(digits: UInt64, fractionDigits: Int) { packed = digits | UInt64(fractionDigits) << 56 }

        var digits: UInt64 { packed & (1 << 56 - 1) }
        var fractionDigits: Int { Int(packed >> 56) }
    }

    var x = Text.none
    var v = Text.none

    /// The keys whose text it keeps: a decision's `from` and `v` may be
    /// the request's very `x` and `v`.
    static let keys: [Key] = [.x, .v]

    public init() {}

    /// Keeps `text` as `key`'s, if it is one of `keys`.
    @inline(__always)
    mutating func keep(_ key: Key, _ text: Text) {
        if key == .x { x = text } else if key == .v { v = text }
    }

    /// The kept text whose double is `value`'s bits, if any.
    @inline(__always)
    func text(of value: Double, x parsedX: Double?, v parsedV: Double?) -> Text? {
        if x != .none, let parsedX, parsedX.bitPattern == value.bitPattern { return x }
        if v != .none, let parsedV, parsedV.bitPattern == value.bitPattern { return v }
        return nil
    }

    /// Whether a decimal `FastLine` read is spelled as `NumberFormat`
    /// writes its double: no sign but a `-` on a non-zero value, no leading
    /// zeros, a digit before any point and a non-zero digit last after one,
    /// at most 15 significant digits (so it is the only decimal that short
    /// to read back as its double), and either whole or of at most
    /// `NumberFormat.maxFractionDigits` fraction digits within
    /// `NumberFormat`'s short-decimal range.
    static func canonical(
        plus: Bool, negative: Bool, digits: UInt64, significant: Int, integerDigits: Int, leadingZero: Bool,
        fractionDigits: Int, sawPoint: Bool, lastDigit: UInt8, magnitude: Double
    ) -> Bool {
        guard !plus, significant <= 15, integerDigits > 0, !(leadingZero && integerDigits > 1) else { return false }
        if negative && digits == 0 { return false }
        if !sawPoint { return true }
        guard fractionDigits > 0, lastDigit != 0x30, fractionDigits <= NumberFormat.maxFractionDigits else { return false }
        return magnitude >= 1e-3 && magnitude < 1e9
    }
}
