#if canImport(Glibc)
import Glibc
#endif

/// Checks the spring's closed-form duration against the search it replaced
/// (`Motion.springDurationBySearch`) on random springs: a test runs a
/// million, `detent-bench --spring-proof` a hundred million (BENCHMARKS.md).
/// The springs mix what decisions meet (pages of up to 1000 pt, velocities
/// of up to 10 pt/ms, any `springResponseMs`) with extremes of every part.
public struct SpringProof: Sendable {
    public struct Mismatch: Sendable, Equatable, CustomStringConvertible {
        public var from: Double
        public var to: Double
        public var v: Double
        public var omega: Double
        public var fast: Int
        public var search: Int
        public var description: String {
            "from=\(from) to=\(to) v=\(v) omega=\(omega): closed form \(fast) ms, search \(search) ms"
        }
    }

    /// Springs checked, and how many of them took the closed form.
    public private(set) var checked = 0
    public private(set) var closedForm = 0
    public private(set) var mismatches: [Mismatch] = []
    private var state: UInt64

    public init(seed: UInt64) { state = seed }

    /// Checks `count` more springs, keeping the first few mismatches.
    public mutating func run(_ count: Int) {
        for _ in 0..<count {
            let motion = nextSpring()
            guard case .spring(let w) = motion.curve else { continue }
            let fast = motion.springDuration(omega: w)
            let search = motion.springDurationBySearch(omega: w)
            checked += 1
            let a = motion.from - motion.to
            let b = motion.v + w * a
            if b != 0, Motion.finalFall(a: a, b: b, w: w) != nil || Motion.firstFall(a: a, b: b, w: w) != nil { closedForm += 1 }
            if fast != search, mismatches.count < 10 {
                mismatches.append(Mismatch(from: motion.from, to: motion.to, v: motion.v, omega: w, fast: fast, search: search))
            }
        }
    }

    /// The next `count` springs of the mix, for timing both ways; `usual`
    /// keeps to what decisions meet (pages of up to 1000 pt, velocities of
    /// up to 10 pt/ms, responses of 50 to 2000 ms).
    public mutating func springs(_ count: Int, usual: Bool = false) -> [Motion] {
        (0..<count).map { _ in usual ? nextUsualSpring() : nextSpring() }
    }

    private mutating func nextUsualSpring() -> Motion {
        let w = 2 * Double.pi / logUniform(50, 2000)
        let to = (next() * 10000).rounded()
        return Motion(from: to + next() * 2000 - 1000, to: to, v: next() * 20 - 10, curve: .spring(omega: w), duration: 0)
    }

    private mutating func next() -> Double {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return Double((z ^ (z >> 31)) >> 11) / Double(1 << 53)
    }

    private mutating func logUniform(_ low: Double, _ high: Double) -> Double {
        low * pow(high / low, next())
    }

    private mutating func signed(_ x: Double) -> Double { next() < 0.5 ? -x : x }

    private mutating func nextSpring() -> Motion {
        let response = next() < 0.8 ? logUniform(50, 2000) : logUniform(0.01, 60000)
        let w = 2 * Double.pi / response
        let pick = next()
        let a: Double
        switch pick {
        case ..<0.5: a = signed(next() * 1000)
        case ..<0.8: a = signed(logUniform(1e-3, 1e6))
        case ..<0.9: a = signed(Motion.settled + signed(logUniform(1e-12, 1e-2)))
        default: a = signed(logUniform(1e-300, 1e300))
        }
        let kind = next()
        let v: Double
        switch kind {
        case ..<0.3: v = 0
        case ..<0.7: v = next() * 20 - 10
        case ..<0.85: v = signed(logUniform(1e-6, 1e3))
        case ..<0.95: v = -w * a * (1 + signed(logUniform(1e-12, 1e-1)))
        default: v = signed(logUniform(1e-300, 1e300))
        }
        let to = (next() * 10000).rounded()
        return Motion(from: to + a, to: to, v: v, curve: .spring(omega: w), duration: 0)
    }
}
