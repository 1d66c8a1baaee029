/// Where to draw a drag past an end (docs/strategies.md, "Rubber band"): past it
/// by `d`, draw `(1 - 1 / (d * c / viewport + 1)) * viewport` past it.
public enum RubberBand {
    /// The offset to draw for a raw offset `x`.
    public static func draw(_ x: Double, lower: Double, upper: Double, coefficient c: Double, viewport: Double) -> Double {
        let drawn: Double
        if x < lower {
            drawn = lower - resisted(lower - x, c, viewport)
        } else if x > upper {
            drawn = upper + resisted(x - upper, c, viewport)
        } else {
            return x
        }
        // Ends near the largest double could overflow: stay at the end then.
        return drawn.isFinite ? drawn : (x < lower ? lower : upper)
    }

    static func resisted(_ d: Double, _ c: Double, _ viewport: Double) -> Double {
        if c == 0 { return 0 }
        let drawn = (1 - 1 / (d * c / viewport + 1)) * viewport
        return drawn.isFinite ? drawn : viewport
    }
}
