/// The hot path of the text protocol: a plain line of a verb with scalar
/// keys (`end s=cards x=90 v=1.4`) read straight from its bytes, without
/// the general parser's intermediate strings and arrays.
///
/// It answers only lines whose request is certain: the general path
/// (`LineSyntax` then `RequestDecoder`) would decode the very same one
/// (the fuzz target checks it on every input). Anything else (JSON,
/// quotes, exponents, long numbers, unknown or repeated or missing keys, an
/// invalid value) gets nil and goes the general way, errors included. Which
/// verbs it reads and what keys they take and need come from the verb table;
/// the value rules are `FieldDecoder`'s.
/// Measured: the general path spent 1.9 µs a line; this costs less than
/// the decision.
public enum FastLine {
    /// The keys it reads, in bit order: the scalar ones.
    static let keys: [Key] = [.s, .id, .x, .v, .target, .t, .index]
    /// `keys`' names, packed as `word` packs them.
    static let keyWords: [UInt64] = keys.map { word(Array($0.rawValue.utf8))! }

    /// A verb it reads, with its keys as bit masks over `keys` and its name
    /// packed: plain values, so finding one counts no references.
    struct VerbEntry {
        let name: UInt64
        let verb: Verb
        let allowed: UInt8
        let required: UInt8
    }

    /// Every verb whose keys are all scalar ones it reads, from `Verb`.
    static let verbs: [VerbEntry] = Verb.all.compactMap { verb in
        guard verb.keys.allSatisfy(keys.contains), let name = word(Array(verb.name.utf8)) else { return nil }
        return VerbEntry(name: name, verb: verb, allowed: mask(verb.keys), required: mask(verb.requiredKeys))
    }

    static func mask(_ verbKeys: [Key]) -> UInt8 {
        verbKeys.reduce(0) { bits, key in bits | (1 << UInt8(keys.firstIndex(of: key) ?? 7)) }
    }

    /// A name of 1 to 8 lowercase letters as one integer, its first byte
    /// lowest (no letter is 0, so its length is part of it); nil if longer.
    static func word(_ name: [UInt8]) -> UInt64? {
        name.withUnsafeBufferPointer { word($0, 0, $0.count) }
    }

    @inline(__always)
    static func word(_ bytes: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int) -> UInt64? {
        guard end - start <= 8 else { return nil }
        var packed: UInt64 = 0
        var shift: UInt64 = 0
        for i in start..<end {
            packed |= UInt64(bytes[i]) << shift
            shift += 8
        }
        return packed
    }

    /// The entry of `bytes[start..<end]`, if it is one of `verbs`.
    static func verb(_ bytes: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int) -> VerbEntry? {
        guard let name = word(bytes, start, end) else { return nil }
        return verbs.withUnsafeBufferPointer { entries in
            for entry in entries where entry.name == name { return entry }
            return nil
        }
    }

    /// The bit index (in `keys`) of the key `bytes[start..<end]`, if it reads it.
    static func key(_ bytes: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int) -> Int? {
        guard let name = word(bytes, start, end) else { return nil }
        return keyWords.withUnsafeBufferPointer { words in
            for index in words.indices where words[index] == name { return index }
            return nil
        }
    }

    static let powersOfTen: [Double] = (0...22).map { exponent in
        var value = 1.0
        for _ in 0..<exponent { value *= 10 }
        return value
    }

    /// A decimal without exponent, at most 15 significant digits: exactly the
    /// double `Double(String)` reads (a mantissa below 2^53 divided by an
    /// exact power of ten is one correctly rounded operation), with its
    /// text kept if a reply would spell it the same (`DecimalEcho`). Else nil.
    static func number(_ bytes: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int) -> (Double, DecimalEcho.Text)? {
        var i = start
        var negative = false
        let plus = bytes[i] == 0x2B
        if bytes[i] == 0x2D || plus {
            negative = !plus
            i += 1
        }
        let leadingZero = i < end && bytes[i] == 0x30
        var mantissa: Int64 = 0
        var digits = 0
        var integerDigits = 0
        var fraction = 0
        var sawPoint = false
        var last: UInt8 = 0
        while i < end {
            let b = bytes[i]
            if b >= 0x30 && b <= 0x39 {
                if mantissa != 0 || b != 0x30 { digits += 1 }
                guard digits <= 15 else { return nil }
                mantissa = mantissa * 10 + Int64(b - 0x30)
                if sawPoint { fraction += 1 } else { integerDigits += 1 }
                last = b
            } else if b == 0x2E && !sawPoint {
                sawPoint = true
            } else {
                return nil  // an exponent or not a number: the general path judges
            }
            i += 1
        }
        guard integerDigits + fraction > 0, fraction <= 22 else { return nil }
        let magnitude = Double(mantissa) / powersOfTen[fraction]
        let canonical = DecimalEcho.canonical(
            plus: plus, negative: negative, digits: UInt64(mantissa), significant: digits, integerDigits: integerDigits,
            leadingZero: leadingZero, fractionDigits: fraction, sawPoint: sawPoint, lastDigit: last, magnitude: magnitude)
        return (negative ? -magnitude : magnitude,
                canonical ? DecimalEcho.Text(digits: UInt64(mantissa), fractionDigits: fraction) : .none)
    }

    /// The request of a plain text line, or nil for the general path.
    public static func parse(_ line: UnsafeBufferPointer<UInt8>) -> Request? {
        var end = line.count
        if end > 0, line[end - 1] == 0x0D { end -= 1 }
        var i = 0
        @inline(__always) func blank(_ b: UInt8) -> Bool { b == 0x20 || b == 0x09 }
        while i < end, blank(line[i]) { i += 1 }
        let verbStart = i
        while i < end, line[i] >= 0x61, line[i] <= 0x7A { i += 1 }
        guard i > verbStart, i == end || blank(line[i]), let entry = verb(line, verbStart, i) else { return nil }
        var fields = RequestFields()
        var echo = DecimalEcho()
        var seen: UInt8 = 0
        while true {
            while i < end, blank(line[i]) { i += 1 }
            if i == end { break }
            let keyStart = i
            while i < end, line[i] >= 0x61, line[i] <= 0x7A { i += 1 }
            guard i < end, line[i] == 0x3D, let key = key(line, keyStart, i) else { return nil }
            let bit: UInt8 = 1 << UInt8(key)
            guard bit & entry.allowed != 0, bit & seen == 0 else { return nil }
            seen |= bit
            i += 1
            let valueStart = i
            while i < end, !blank(line[i]) {
                // Printable ASCII but the quote; the rest is the general path's.
                guard line[i] > 0x20, line[i] < 0x7F, line[i] != 0x22 else { return nil }
                i += 1
            }
            guard i > valueStart else { return nil }
            let value = UnsafeBufferPointer(rebasing: line[valueStart..<i])
            switch keys[key] {
            case .s:
                guard FieldDecoder.isSessionName(value) else { return nil }
                fields.session = String(decoding: value, as: UTF8.self)
            case .id: fields.id = .text(String(decoding: value, as: UTF8.self))
            case .index:
                guard let (number, _) = number(line, valueStart, i), let whole = FieldDecoder.wholeNumber(number) else { return nil }
                fields.index = whole
            case .x, .v, .target, .t:
                guard let (number, text) = number(line, valueStart, i) else { return nil }
                switch keys[key] {
                case .x: fields.x = number; echo.x = text
                case .v: fields.v = number; echo.v = text
                case .target: fields.target = number
                default: fields.t = number
                }
            default:
                return nil  // not among `keys`
            }
        }
        guard seen & entry.required == entry.required else { return nil }
        return Request(checked: entry.verb, fields, encoding: .text, echo: echo)
    }
}
