/// Reads numbers written as detent-protocol(7)'s text grammar allows:
/// `[+-]?([0-9]+(\.[0-9]*)?|\.[0-9]+)([eE][+-]?[0-9]+)?`.
public enum NumberSyntax {
    /// The parsed value, or nil when `text` is not of the grammar. A number of
    /// the grammar that overflows a double comes back infinite.
    public static func parse<S: StringProtocol>(_ text: S) -> Double? {
        guard matchesGrammar(text.utf8) else { return nil }
        // The grammar is a subset of what Double(_:) reads (no hex, nan, inf),
        // so this only converts.
        return Double(String(text)) ?? nil
    }

    /// Whether `bytes` spell a number of the text grammar.
    static func matchesGrammar<C: Collection>(_ bytes: C) -> Bool where C.Element == UInt8 {
        var i = bytes.startIndex
        let end = bytes.endIndex
        func isDigit(_ b: UInt8) -> Bool { b >= 0x30 && b <= 0x39 }
        if i < end, bytes[i] == UInt8(ascii: "+") || bytes[i] == UInt8(ascii: "-") { i = bytes.index(after: i) }
        var intDigits = 0
        while i < end, isDigit(bytes[i]) { intDigits += 1; i = bytes.index(after: i) }
        var fracDigits = 0
        if i < end, bytes[i] == UInt8(ascii: ".") {
            i = bytes.index(after: i)
            while i < end, isDigit(bytes[i]) { fracDigits += 1; i = bytes.index(after: i) }
        }
        guard intDigits > 0 || fracDigits > 0 else { return false }
        if i < end, bytes[i] == UInt8(ascii: "e") || bytes[i] == UInt8(ascii: "E") {
            i = bytes.index(after: i)
            if i < end, bytes[i] == UInt8(ascii: "+") || bytes[i] == UInt8(ascii: "-") { i = bytes.index(after: i) }
            var expDigits = 0
            while i < end, isDigit(bytes[i]) { expDigits += 1; i = bytes.index(after: i) }
            guard expDigits > 0 else { return false }
        }
        return i == end
    }
}
