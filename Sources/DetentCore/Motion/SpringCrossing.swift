#if canImport(Glibc)
import Glibc
#endif

/// `z > 1` with `z - ln z = L` (`-W₋₁(-e^(-L))`), the spring's last
/// crossing in its own units (`Motion.finalFall`), within about 1e-4: all
/// `Motion.settle` needs to land on the exact ms at once.
///
/// A table over `p = sqrt(2 (L - 1))`, in which `z` is smooth even at the
/// peak (`z = 1 + p + p²/3 + ...`), read linearly; past it, one Halley step
/// from the upper bound `L + p`. Measured: the table saves a `log` a
/// decision.
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
