#if canImport(Glibc)
import Glibc
#endif

/// The spring's crossings of `settled` in its own units, within about
/// 1e-4: all `Motion.settle` needs to land on the exact ms at once.
/// `z > 1` with `z - ln z = L` (`-W₋₁(-e^(-L))`) on the final fall
/// (`Motion.finalFall`); `y > 0` with `y + ln y = -L` (`W₀(e^(-L))`) on
/// the way to the first pass (`Motion.firstFall`).
///
/// `z` is read linearly from a table over `p = sqrt(2 (L - 1))`, in which
/// it is smooth even at the peak (`z = 1 + p + p²/3 + ...`); past it, one
/// Halley step from the upper bound `L + p`. `y` from a table over `L`.
/// Measured: a table saves a `log` a decision.
enum SpringCrossing {
    /// Steps per unit of `p`, and the last `p` tabulated (`L` up to 73).
    static let steps = 32.0
    static let last = 12.0
    static let table: [Double] = (0...Int(last * steps) + 1).map { i in
        let p = Double(i) / steps
        return exact(1 + p * p / 2)
    }

    @inline(__always)
    static func z(_ level: Double) -> Double {
        let p = (2 * (level - 1)).squareRoot()
        let scaled = p * steps
        guard scaled < last * steps else { return halley(level, from: level + p) }
        let i = Int(scaled)
        let f = scaled - Double(i)
        return table.withUnsafeBufferPointer { $0[i] + ($0[i + 1] - $0[i]) * f }
    }

    /// `y` from `L`, for `L` from `firstLow` to 1.
    static let firstLow = -48.0
    static let firstTable: [Double] = (0...Int((1 - firstLow) * steps) + 1).map { i in
        exactFirst(firstLow + Double(i) / steps)
    }

    @inline(__always)
    static func y(_ level: Double) -> Double {
        let scaled = (level - firstLow) * steps
        guard scaled >= 0, scaled < (1 - firstLow) * steps else { return exactFirst(level) }
        let i = Int(scaled)
        let f = scaled - Double(i)
        return firstTable.withUnsafeBufferPointer { $0[i] + ($0[i + 1] - $0[i]) * f }
    }

    /// Newton on `y + ln y + L` to convergence, from `-L - ln(-L)` when
    /// that is positive (below about -1.3), else from `e^(-L) / e`
    /// (`W₀(q) ≈ q/e` near `q = e`); kept positive by halving.
    static func exactFirst(_ level: Double) -> Double {
        var y = level < -1.5 ? -level - log(-level) : exp(-level) / M_E
        for _ in 0..<60 {
            var next = y - (y + log(y) + level) / (1 + 1 / y)
            if !(next > 0) { next = y / 2 }
            if abs(next - y) <= 1e-15 * y { return next }
            y = next
        }
        return y
    }

    /// One Halley step on `z - ln z - L` from `z`.
    static func halley(_ level: Double, from z: Double) -> Double {
        let inverse = 1 / z
        let g = z - log(z) - level
        let g1 = 1 - inverse
        return z - 2 * g * g1 / (2 * g1 * g1 - g * inverse * inverse)
    }

    /// Halley to convergence from the upper bound (the table's entries).
    static func exact(_ level: Double) -> Double {
        var z = level + (2 * (level - 1)).squareRoot()
        for _ in 0..<20 {
            let next = halley(level, from: z)
            if !(next < z) || z - next <= 1e-15 * z { return level == 1 ? 1 : next }
            z = next
        }
        return z
    }
}
