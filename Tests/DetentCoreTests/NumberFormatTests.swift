import Foundation
import Testing
@testable import DetentCore

@Suite struct NumberFormatTests {
    @Test(arguments: [
        (351.0, "351"), (-0.0, "0"), (0.0, "0"), (582.5, "582.5"), (0.1, "0.1"), (-1.25, "-1.25"),
        (1e16, "10000000000000000"), (-2e20, "-200000000000000000000"), (1e-5, "1e-05"),
        (9007199254740993.0, "9007199254740992"), (1.7976931348623157e308, "17976931348623157" + String(repeating: "0", count: 292)),
    ])
    func writesIntegralsPlainAndOthersShortest(value: Double, expected: String) {
        #expect(NumberFormat.string(value) == expected)
    }

    /// The byte writer spells every number as `string` does (the standard
    /// library's stream writer and `description` agree), on random bit
    /// patterns of every magnitude.
    @Test func appendedBytesAreTheString() {
        var state: UInt64 = 7
        for i in 0..<200_000 {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            let value = i % 2 == 0 ? Double(bitPattern: state) : Double(Int64(bitPattern: state) >> 20) / 1024
            guard value.isFinite else { continue }
            let out = ReplyBuffer()
            out.append(0x78)
            NumberFormat.append(value, to: out)
            #expect(String(decoding: out.bytes.dropFirst(), as: UTF8.self) == NumberFormat.string(value), "\(value.bitPattern)")
            if i % 3 == 0 {
                let integer = Int64(bitPattern: state) >> (state % 64)
                out.removeAll()
                NumberFormat.append(integer, to: out)
                #expect(String(decoding: out.bytes, as: UTF8.self) == String(integer))
            }
        }
    }

    /// The short-decimal path writes what `description` does, on decimals of
    /// every length and magnitude, and repeats of a remembered number too.
    @Test func shortDecimalsAreWrittenAsTheStandardLibraryWritesThem() {
        var state: UInt64 = 11
        let out = ReplyBuffer()
        var short = 0
        for i in 0..<300_000 {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            let digits = Int(state >> 60) + 1
            let mantissa = Double((state >> 8) % 10_000_000_000_000_000 % UInt64(pow(10.0, Double(digits))))
            let exponent = Int((state >> 3) % 24) - 16
            var value = mantissa * pow(10.0, Double(exponent))
            if i % 7 == 0 { value = Double(bitPattern: state) }
            if i % 2 == 1 { value = -value }
            guard value.isFinite, value != value.rounded(.towardZero) else { continue }
            for _ in 0..<2 {
                out.removeAll()
                NumberFormat.append(value, to: out)
                #expect(String(decoding: out.bytes, as: UTF8.self) == value.description, "\(value.bitPattern)")
            }
            out.removeAll()
            if NumberFormat.appendShortDecimal(value, to: out) { short += 1 }
        }
        #expect(short > 20_000, "the short path must take the short decimals")
    }

    @Test func everyWrittenNumberReadsBackTheSame() {
        for value in [0.1, 1.0 / 3.0, 123456.789, Double.leastNonzeroMagnitude, Double("1e-320")!, 2.5e-8, 351.0000000001, 1e300] {
            let text = NumberFormat.string(value)
            #expect(Double(text) == value, "\(text)")
            #expect(NumberSyntax.parse(text) == value, "\(text) must be of the text grammar")
        }
    }
}

@Suite struct NumberSyntaxTests {
    @Test(arguments: ["0", "-1.5", "+2", "2e3", "2E-3", ".5", "5.", "007", "1e999", "-0"])
    func acceptsTheGrammar(text: String) {
        #expect(NumberSyntax.parse(text) != nil)
    }

    @Test(arguments: ["", "nan", "inf", "-inf", "0x10", "1e", "e5", ".", "+", "1.2.3", "1e+", " 1", "1 ", "١"])
    func rejectsEverythingElse(text: String) {
        #expect(NumberSyntax.parse(text) == nil)
    }

    @Test func overflowIsInfiniteNotAnError() {
        #expect(NumberSyntax.parse("1e999") == .infinity)
        #expect(NumberSyntax.parse("-1e999") == -.infinity)
        #expect(NumberSyntax.parse("1e-320") == Double("1e-320"))
    }
}
