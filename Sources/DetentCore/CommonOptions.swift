/// The options every strategy takes (STRATEGIES.md, "Options and ranges").
public struct CommonOptions: Sendable, Equatable {
    /// `r` of the projection `x + v * r / (1 - r)`; per ms.
    public var decelerationRate: Double
    /// The rubber band's `c`; 0 turns it off.
    public var rubberBand: Double
    /// The `align` of sessions that send none.
    public var align: Align
    /// The longest decay a decision's motion may take, in ms; a longer one
    /// is a spring instead.
    public var maxDecayMs: Double
    /// The period of the motion's spring, in ms (`omega = 2 pi / it`).
    public var springResponseMs: Double

    public init(decelerationRate: Double = 0.998, rubberBand: Double = 0.55, align: Align = .start,
                maxDecayMs: Double = 2000, springResponseMs: Double = 400) {
        self.decelerationRate = decelerationRate
        self.rubberBand = rubberBand
        self.align = align
        self.maxDecayMs = maxDecayMs
        self.springResponseMs = springResponseMs
    }

    /// The spring's angular frequency, per ms.
    public var springOmega: Double { 2 * Double.pi / springResponseMs }

    /// Reads the shared options with a strategy's own defaults.
    /// - Parameter fixedAlign: a strategy that only pages one alignment
    ///   (`group`: start, `carousel`: center) refuses any other value.
    public init(reading reader: inout OptionReader, defaults: CommonOptions = CommonOptions(), fixedAlign: Bool = false) {
        decelerationRate = reader.number("decelerationRate", default: defaults.decelerationRate,
                                         rule: "between 0 and 1, exclusive (0.998 normal, 0.99 fast)") { $0 > 0 && $0 < 1 }
        rubberBand = reader.number("rubberBand", default: defaults.rubberBand, rule: ">= 0 (0 turns it off)") { $0 >= 0 }
        align = reader.choice("align", default: defaults.align)
        if fixedAlign, align != defaults.align {
            reader.report("align", "must be \"\(defaults.align.rawValue)\": the only alignment this strategy pages")
            align = defaults.align
        }
        maxDecayMs = reader.number("maxDecayMs", default: defaults.maxDecayMs,
                                   rule: "0 to 60000 (ms; 0 makes every motion a spring)") { $0 >= 0 && $0 <= 60000 }
        springResponseMs = reader.number("springResponseMs", default: defaults.springResponseMs,
                                         rule: "above 0, at most 60000 (ms)") { $0 > 0 && $0 <= 60000 }
    }

    /// `name=value` pairs for `--check`.
    public var summary: [(String, String)] {
        [("decelerationRate", NumberFormat.string(decelerationRate)),
         ("rubberBand", NumberFormat.string(rubberBand)),
         ("align", align.rawValue),
         ("maxDecayMs", NumberFormat.string(maxDecayMs)),
         ("springResponseMs", NumberFormat.string(springResponseMs))]
    }
}
