/// The hot path of the text protocol: a plain gesture line (`end s=cards
/// x=90 v=1.4`) read straight from its bytes into a `Request`, without the
/// general parser's intermediate strings and arrays.
///
/// It answers only lines whose `Request` is certain: the general path
/// (`LineSyntax` then `RequestDecoder`) would decode the very same one.
/// Anything else (JSON, quotes, exponents, long numbers, unknown or
/// repeated or missing keys, an invalid value) gets nil and goes the
/// general way, errors included. Measured: the general path spent 1.9 µs
/// a line; this is the cost of a decision.
public enum FastLine {
    /// The verbs it reads.
    static func verb(_ bytes: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int) -> Verb? {
        switch end - start {
        case 3 where bytes[start] == 0x65 && bytes[start + 1] == 0x6E && bytes[start + 2] == 0x64: return .end  // end
        case 4 where bytes[start] == 0x6D && bytes[start + 1] == 0x6F && bytes[start + 2] == 0x76 && bytes[start + 3] == 0x65:
            return .move
        case 4 where bytes[start] == 0x70 && bytes[start + 1] == 0x69 && bytes[start + 2] == 0x6E && bytes[start + 3] == 0x67:
            return .ping
        case 4 where bytes[start] == 0x67 && bytes[start + 1] == 0x6F && bytes[start + 2] == 0x74 && bytes[start + 3] == 0x6F:
            return .goto
        case 5 where bytes[start] == 0x62 && bytes[start + 1] == 0x65 && bytes[start + 2] == 0x67 && bytes[start + 3] == 0x69
            && bytes[start + 4] == 0x6E:
            return .begin
        case 6 where bytes[start] == 0x63 && bytes[start + 1] == 0x61 && bytes[start + 2] == 0x6E && bytes[start + 3] == 0x63
            && bytes[start + 4] == 0x65 && bytes[start + 5] == 0x6C:
            return .cancel
        default: return nil
        }
    }

    /// The keys it reads, as bit flags.
    enum Key: UInt8 {
        case s = 1, x = 2, v = 4, target = 8, t = 16, index = 32, id = 64
    }

    static func key(_ bytes: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int) -> Key? {
        switch end - start {
        case 1:
            switch bytes[start] {
            case 0x73: return .s
            case 0x78: return .x
            case 0x76: return .v
            case 0x74: return .t
            default: return nil
            }
        case 2 where bytes[start] == 0x69 && bytes[start + 1] == 0x64: return .id
        case 5 where bytes[start] == 0x69 && bytes[start + 1] == 0x6E && bytes[start + 2] == 0x64 && bytes[start + 3] == 0x65
            && bytes[start + 4] == 0x78:
            return .index
        case 6 where bytes[start] == 0x74 && bytes[start + 1] == 0x61 && bytes[start + 2] == 0x72 && bytes[start + 3] == 0x67
            && bytes[start + 4] == 0x65 && bytes[start + 5] == 0x74:
            return .target
        default: return nil
        }
    }

    /// The keys each verb takes (id included) and those it needs.
    static func keys(of verb: Verb) -> (allowed: UInt8, required: UInt8) {
        switch verb {
        case .ping: (Key.id.rawValue, 0)
        case .begin, .move: (Key.s.rawValue | Key.x.rawValue | Key.t.rawValue | Key.id.rawValue, Key.s.rawValue | Key.x.rawValue)
        case .end:
            (Key.s.rawValue | Key.x.rawValue | Key.v.rawValue | Key.target.rawValue | Key.t.rawValue | Key.id.rawValue,
             Key.s.rawValue | Key.x.rawValue)
        case .cancel: (Key.s.rawValue | Key.id.rawValue, Key.s.rawValue)
        case .goto: (Key.s.rawValue | Key.index.rawValue | Key.x.rawValue | Key.id.rawValue, Key.s.rawValue | Key.index.rawValue)
        default: (0, 0xFF)
        }
    }

    static let powersOfTen: [Double] = (0...22).map { exponent in
        var value = 1.0
        for _ in 0..<exponent { value *= 10 }
        return value
    }

    /// A decimal without exponent, at most 15 significant digits: exactly the
    /// double `Double(String)` reads (a mantissa below 2^53 divided by an
    /// exact power of ten is one correctly rounded operation). Else nil.
    static func number(_ bytes: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int) -> Double? {
        var i = start
        var negative = false
        if bytes[i] == 0x2D || bytes[i] == 0x2B {
            negative = bytes[i] == 0x2D
            i += 1
        }
        var mantissa: Int64 = 0
        var digits = 0
        var fraction = 0
        var sawPoint = false
        var sawDigit = false
        while i < end {
            let b = bytes[i]
            if b >= 0x30 && b <= 0x39 {
                sawDigit = true
                if mantissa != 0 || b != 0x30 { digits += 1 }
                guard digits <= 15 else { return nil }
                mantissa = mantissa * 10 + Int64(b - 0x30)
                if sawPoint { fraction += 1 }
            } else if b == 0x2E && !sawPoint {
                sawPoint = true
            } else {
                return nil  // an exponent or not a number: the general path judges
            }
            i += 1
        }
        guard sawDigit, fraction <= 22 else { return nil }
        let magnitude = Double(mantissa) / powersOfTen[fraction]
        return negative ? -magnitude : magnitude
    }

    /// The request of a plain text gesture line, or nil for the general path.
    public static func parse(_ line: UnsafeBufferPointer<UInt8>) -> Request? {
        var end = line.count
        if end > 0, line[end - 1] == 0x0D { end -= 1 }
        var i = 0
        @inline(__always) func blank(_ b: UInt8) -> Bool { b == 0x20 || b == 0x09 }
        while i < end, blank(line[i]) { i += 1 }
        let verbStart = i
        while i < end, line[i] >= 0x61, line[i] <= 0x7A { i += 1 }
        guard i > verbStart, i == end || blank(line[i]), let verb = verb(line, verbStart, i) else { return nil }
        let (allowed, required) = keys(of: verb)
        var request = Request(verb: verb, encoding: .text)
        var seen: UInt8 = 0
        while true {
            while i < end, blank(line[i]) { i += 1 }
            if i == end { break }
            let keyStart = i
            while i < end, line[i] >= 0x61, line[i] <= 0x7A { i += 1 }
            guard i < end, line[i] == 0x3D, let key = key(line, keyStart, i),
                  key.rawValue & allowed != 0, key.rawValue & seen == 0 else { return nil }
            seen |= key.rawValue
            i += 1
            let valueStart = i
            while i < end, !blank(line[i]) {
                // Printable ASCII but the quote; the rest is the general path's.
                guard line[i] > 0x20, line[i] < 0x7F, line[i] != 0x22 else { return nil }
                i += 1
            }
            guard i > valueStart else { return nil }
            switch key {
            case .s:
                guard i - valueStart <= 64 else { return nil }
                for j in valueStart..<i {
                    let b = line[j]
                    let ok = (b >= 0x61 && b <= 0x7A) || (b >= 0x41 && b <= 0x5A) || (b >= 0x30 && b <= 0x39)
                        || b == 0x2E || b == 0x5F || b == 0x2D
                    guard ok else { return nil }
                }
                request.session = String(decoding: UnsafeBufferPointer(rebasing: line[valueStart..<i]), as: UTF8.self)
            case .id:
                request.id = .text(String(decoding: UnsafeBufferPointer(rebasing: line[valueStart..<i]), as: UTF8.self))
            case .x: guard let value = number(line, valueStart, i) else { return nil }; request.x = value
            case .v: guard let value = number(line, valueStart, i) else { return nil }; request.v = value
            case .target: guard let value = number(line, valueStart, i) else { return nil }; request.target = value
            case .t: guard let value = number(line, valueStart, i) else { return nil }; request.t = value
            case .index:
                guard let value = number(line, valueStart, i), value.rounded(.towardZero) == value else { return nil }
                request.index = value == 0 ? 0 : value
            }
        }
        guard seen & required == required else { return nil }
        return request
    }
}
