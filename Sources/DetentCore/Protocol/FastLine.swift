/// The hot path of the text protocol: a plain line (`end s=cards x=90
/// v=1.4`) read straight from its bytes, without the general parser's
/// intermediate strings and arrays.
///
/// It answers only lines whose request is certain: the general path
/// (`LineSyntax` then `RequestDecoder`) would decode the very same one
/// (the fuzz target checks it on every input). Anything else (JSON,
/// quotes, exponents, long numbers, unknown or repeated or missing keys, an
/// invalid value) gets nil and goes the general way, errors included. The
/// verbs it reads, their keys and each key's type and rule come from the
/// description's tables (`Verb.table`, `Key.specs`): every key of every
/// verb is read here (`FastLineTests` proves it key by key).
/// Measured: the general path spent 1.9 µs a line; this costs less than
/// the decision.
public enum FastLine {
    /// What it needs of a key, as plain values (finding and reading one
    /// counts no references): its name packed as `word` packs it, how its
    /// value is read, its slot and whether a rule or the echo applies.
    struct KeyEntry {
        enum Reading: UInt8 { case number, whole, token, text, id, numbers, boolean, choice }
        let key: Key
        let word: UInt64
        let reading: Reading
        /// Its slot of `RequestFields` when a verb takes it as its own, else -1.
        let slot: Int
        let hasRule: Bool
        let echoed: Bool
    }

    /// Every key of the description, by ordinal.
    static let keys: [KeyEntry] = Key.allCases.map { key in
        let spec = key.spec
        let reading: KeyEntry.Reading = switch spec.kind {
        case .number: .number
        case .whole: .whole
        case .token: .token
        case .text: .text
        case .id: .id
        case .numbers: .numbers
        case .boolean: .boolean
        case .choice: .choice
        }
        // A name too long to pack is never matched (`.max` packs no letters).
        return KeyEntry(key: key, word: word(Array(key.rawValue.utf8)) ?? .max, reading: reading, slot: key.slot ?? -1,
                        hasRule: spec.rule != nil, echoed: DecimalEcho.keys.contains(key))
    }

    /// A verb it reads, with its keys as bit masks over `Key.allCases` and
    /// its name packed: plain values, so finding one counts no references.
    struct VerbEntry {
        let name: UInt64
        let verb: Verb
        let allowed: UInt64
        let required: UInt64
        /// The keys it takes through a group (kept there).
        let grouped: UInt64
        /// The keys of its groups' pairs given both or neither.
        let together: UInt64
    }

    /// Every verb whose name packs in a word, from `Verb`.
    static let verbs: [VerbEntry] = Verb.all.compactMap { verb in
        guard let name = word(Array(verb.name.utf8)) else { return nil }
        return VerbEntry(name: name, verb: verb, allowed: mask(verb.keys), required: mask(verb.requiredKeys),
                         grouped: mask(verb.keys.filter(verb.takesInGroup)),
                         together: mask(verb.groups.flatMap { $0.together.flatMap { [$0.0, $0.1] } }))
    }

    static func mask(_ verbKeys: [Key]) -> UInt64 {
        verbKeys.reduce(0) { bits, key in bits | bit(key) }
    }

    /// `key`'s bit in the masks.
    @inline(__always)
    static func bit(_ key: Key) -> UInt64 { 1 << UInt64(key.ordinal) }

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
    @inline(__always)
    static func verb(_ bytes: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int, in verbs: [VerbEntry]) -> VerbEntry? {
        guard let name = word(bytes, start, end) else { return nil }
        return verbs.withUnsafeBufferPointer { entries in
            for entry in entries where entry.name == name { return entry }
            return nil
        }
    }

    /// The ordinal of the key `bytes[start..<end]`, if it is one.
    @inline(__always)
    static func key(_ bytes: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int, in keys: [KeyEntry]) -> Int? {
        guard let name = word(bytes, start, end) else { return nil }
        return keys.withUnsafeBufferPointer { entries in
            for index in entries.indices where entries[index].word == name { return index }
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
    /// - Parameter maxItems: `limits.maxItems`, which bounds `count` and lists.
    public static func parse(_ line: UnsafeBufferPointer<UInt8>, maxItems: Int = Limits().maxItems) -> Request? {
        var end = line.count
        if end > 0, line[end - 1] == 0x0D { end -= 1 }
        var i = 0
        @inline(__always) func blank(_ b: UInt8) -> Bool { b == 0x20 || b == 0x09 }
        while i < end, blank(line[i]) { i += 1 }
        let verbStart = i
        while i < end, line[i] >= 0x61, line[i] <= 0x7A { i += 1 }
        // The tables once a line: each static is a lazy global, checked at every read.
        let keys = Self.keys
        guard i > verbStart, i == end || blank(line[i]), let entry = verb(line, verbStart, i, in: Self.verbs) else { return nil }
        var fields = RequestFields()
        var echo = DecimalEcho()
        var seen: UInt64 = 0
        while true {
            while i < end, blank(line[i]) { i += 1 }
            if i == end { break }
            let keyStart = i
            while i < end, line[i] >= 0x61, line[i] <= 0x7A { i += 1 }
            guard i > keyStart, i < end, line[i] == 0x3D, let ordinal = key(line, keyStart, i, in: keys) else { return nil }
            let bit: UInt64 = 1 << UInt64(ordinal)
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
            let k = keys[ordinal]
            let inGroup = bit & entry.grouped != 0
            switch k.reading {
            case .number, .whole:
                guard let (read, text) = number(line, valueStart, i) else { return nil }
                var value = read
                if k.reading == .whole {
                    guard let whole = FieldDecoder.wholeNumber(read) else { return nil }
                    value = whole
                }
                if k.hasRule {
                    guard let accepted = accepted(value, k.key, maxItems) else { return nil }
                    value = accepted
                }
                if inGroup || k.slot < 0 {
                    fields.set(k.key, .number(value), inGroup: inGroup)
                } else {
                    fields.setNumber(value, at: k.slot)
                    if k.echoed { echo.keep(k.key, text) }
                }
            default:
                let value = UnsafeBufferPointer(rebasing: line[valueStart..<i])
                guard let read = other(k.reading, value, k.key, maxItems) else { return nil }
                fields.set(k.key, read, inGroup: inGroup)
            }
        }
        guard seen & entry.required == entry.required else { return nil }
        if entry.together != 0, !together(seen, entry.verb) { return nil }
        return Request(checked: entry.verb, fields, encoding: .text, echo: echo)
    }

    /// Whether the keys `seen` give each pair of `verb`'s groups both or neither.
    private static func together(_ seen: UInt64, _ verb: Verb) -> Bool {
        verb.groups.allSatisfy { group in
            group.together.allSatisfy { a, b in (seen & bit(a) == 0) == (seen & bit(b) == 0) }
        }
    }

    /// `value` by the rule of key `ordinal`, or nil where it refuses.
    private static func accepted(_ value: Double, _ key: Key, _ maxItems: Int) -> Double? {
        try? key.spec.accept(value, key, maxItems: maxItems)
    }

    /// A value that is not one number: a token, a text, an id, a list, a
    /// boolean or a choice; nil where the general path must judge.
    private static func other(
        _ reading: KeyEntry.Reading, _ value: UnsafeBufferPointer<UInt8>, _ key: Key, _ maxItems: Int
    ) -> KeyValue? {
        let text = String(decoding: value, as: UTF8.self)
        switch reading {
        case .token: return FieldDecoder.isSessionName(value) ? .text(text) : nil
        case .text: return .text(text)
        case .id: return .id(.text(text))
        case .boolean:
            switch text {
            case "1", "true": return .boolean(true)
            case "0", "false": return .boolean(false)
            default: return nil
            }
        case .choice:
            guard case .choice(let values) = key.spec.kind, values.contains(text) else { return nil }
            return .text(text)
        case .numbers:
            var list: [Double] = []
            var start = 0
            for index in 0...value.count where index == value.count || value[index] == 0x2C {
                guard index > start, let (number, _) = number(value, start, index),
                      let accepted = accepted(number, key, maxItems) else { return nil }
                list.append(accepted)
                guard list.count <= maxItems else { return nil }
                start = index + 1
            }
            return .numbers(list)
        case .number, .whole: return nil
        }
    }
}
