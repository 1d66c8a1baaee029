/// The options every strategy takes (plugins.json(5), STRATEGIES).
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

    public init(decelerationRate: Double = Self.decelerationRateSpec.defaultValue,
                rubberBand: Double = Self.rubberBandSpec.defaultValue,
                align: Align = Self.alignSpec.defaultValue,
                maxDecayMs: Double = Self.maxDecayMsSpec.defaultValue,
                springResponseMs: Double = Self.springResponseMsSpec.defaultValue) {
        self.decelerationRate = decelerationRate
        self.rubberBand = rubberBand
        self.align = align
        self.maxDecayMs = maxDecayMs
        self.springResponseMs = springResponseMs
    }

    /// The spring's angular frequency, per ms.
    public var springOmega: Double { 2 * Double.pi / springResponseMs }

    /// The options every strategy takes, with the defaults of a strategy
    /// that changes none.
    public static let decelerationRateSpec = OptionSpec.number(
        "decelerationRate", default: 0.998, rule: "between 0 and 1, exclusive (0.998 normal, 0.99 fast)") { $0 > 0 && $0 < 1 }
    public static let rubberBandSpec = OptionSpec.number("rubberBand", default: 0.55, rule: ">= 0 (0 turns it off)") { $0 >= 0 }
    public static let alignSpec = OptionSpec<Align>.choice("align", default: .start)
    public static let maxDecayMsSpec = OptionSpec.number(
        "maxDecayMs", default: 2000, rule: "0 to 60000 (ms; 0 makes every motion a spring)") { $0 >= 0 && $0 <= 60000 }
    public static let springResponseMsSpec = OptionSpec.number(
        "springResponseMs", default: 400, rule: "above 0, at most 60000 (ms)") { $0 > 0 && $0 <= 60000 }

    /// Autoplay at `open`: the carousel's option, and one the daemon reads
    /// for strategies of plugin libraries.
    public static let autoplayMsSpec = OptionSpec.number("autoplayMs", default: 0, rule: "0 (off) or >= 1 (ms)") { $0 == 0 || $0 >= 1 }

    /// Name, default and rule of each, with `defaults`' values.
    public static func descriptions(defaults: CommonOptions = CommonOptions()) -> [OptionDescription] {
        [decelerationRateSpec.defaulting(to: defaults.decelerationRate).description,
         rubberBandSpec.defaulting(to: defaults.rubberBand).description,
         alignSpec.defaulting(to: defaults.align).description,
         maxDecayMsSpec.defaulting(to: defaults.maxDecayMs).description,
         springResponseMsSpec.defaulting(to: defaults.springResponseMs).description]
    }

    /// Reads the shared options with a strategy's own defaults.
    /// - Parameter fixedAlign: a strategy that only pages one alignment
    ///   (`group`: start, `carousel`: center) refuses any other value.
    public init(reading reader: inout OptionReader, defaults: CommonOptions = CommonOptions(), fixedAlign: Bool = false) {
        decelerationRate = reader.read(Self.decelerationRateSpec.defaulting(to: defaults.decelerationRate))
        rubberBand = reader.read(Self.rubberBandSpec.defaulting(to: defaults.rubberBand))
        align = reader.read(Self.alignSpec.defaulting(to: defaults.align))
        if fixedAlign, align != defaults.align {
            reader.report("align", "must be \"\(defaults.align.rawValue)\": the only alignment this strategy pages")
            align = defaults.align
        }
        maxDecayMs = reader.read(Self.maxDecayMsSpec.defaulting(to: defaults.maxDecayMs))
        springResponseMs = reader.read(Self.springResponseMsSpec.defaulting(to: defaults.springResponseMs))
    }

    /// `name=value` pairs for `--check`.
    public var summary: [(String, String)] {
        [Self.decelerationRateSpec.pair(decelerationRate), Self.rubberBandSpec.pair(rubberBand), Self.alignSpec.pair(align),
         Self.maxDecayMsSpec.pair(maxDecayMs), Self.springResponseMsSpec.pair(springResponseMs)]
    }
}
