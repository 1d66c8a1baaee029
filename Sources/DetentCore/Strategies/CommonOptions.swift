/// The options every strategy takes (plugins.json(5), STRATEGIES), each
/// stated once in `options`; a property's initial value is its default.
public struct CommonOptions: Sendable, Equatable {
    /// `r` of the projection `x + v * r / (1 - r)`; per ms.
    public var decelerationRate = 0.998
    /// The rubber band's `c`; 0 turns it off.
    public var rubberBand = 0.55
    /// The `align` of sessions that send none.
    public var align = Align.start
    /// The longest decay a decision's motion may take, in ms; a longer one
    /// is a spring instead.
    public var maxDecayMs = 2000.0
    /// The period of the motion's spring, in ms (`omega = 2 pi / it`).
    public var springResponseMs = 400.0
    /// The generic wheel steps at most once per this many ms.
    public var wheelLockMs = 150.0

    /// The defaults, with those given changed (a strategy's own).
    public init(decelerationRate: Double? = nil, rubberBand: Double? = nil, align: Align? = nil,
                maxDecayMs: Double? = nil, springResponseMs: Double? = nil) {
        self.decelerationRate = decelerationRate ?? self.decelerationRate
        self.rubberBand = rubberBand ?? self.rubberBand
        self.align = align ?? self.align
        self.maxDecayMs = maxDecayMs ?? self.maxDecayMs
        self.springResponseMs = springResponseMs ?? self.springResponseMs
    }

    /// The spring's angular frequency, per ms.
    public var springOmega: Double { 2 * Double.pi / springResponseMs }

    /// The options every strategy takes, in the order they are read and listed.
    public static let options: [OptionBinding<CommonOptions>] = [
        .number("decelerationRate", \.decelerationRate, "between 0 and 1, exclusive (0.998 normal, 0.99 fast)") { $0 > 0 && $0 < 1 },
        .number("rubberBand", \.rubberBand, ">= 0 (0 turns it off)") { $0 >= 0 },
        .choice("align", \.align),
        .number("maxDecayMs", \.maxDecayMs, "0 to 60000 (ms; 0 makes every motion a spring)") { $0 >= 0 && $0 <= 60000 },
        .number("springResponseMs", \.springResponseMs, "above 0, at most 60000 (ms)") { $0 > 0 && $0 <= 60000 },
        .number("wheelLockMs", \.wheelLockMs, "0 to 60000 (ms; 0: every notch steps)") { $0 >= 0 && $0 <= 60000 },
    ]

    /// Name, default and rule of each, with `defaults`' values.
    public static func descriptions(defaults: CommonOptions = CommonOptions()) -> [OptionDescription] {
        options.map { $0.description(defaults: defaults) }
    }

    /// Reads the shared options with a strategy's own defaults.
    /// - Parameter fixedAlign: a strategy that only pages one alignment
    ///   (`group`: start, `carousel`: center) refuses any other value.
    public init(reading reader: inout OptionReader, defaults: CommonOptions = CommonOptions(), fixedAlign: Bool = false) {
        self = defaults
        for option in Self.options {
            reader.read(option, into: &self)
            // Only `align`'s own option moves it, so the refusal follows it, in its name.
            if fixedAlign, align != defaults.align {
                reader.report(option.name, "must be \"\(defaults.align.rawValue)\": the only alignment this strategy pages")
                align = defaults.align
            }
        }
    }

    /// `name=value` pairs for `--check`.
    public var summary: [(String, String)] { Self.options.map { $0.pair(self) } }
}

extension OptionBinding {
    /// Autoplay at `open`, in ms: the carousel's option, and one the daemon
    /// reads for strategies of plugin libraries.
    public static func autoplayMs(_ property: WritableKeyPath<Options, Double>) -> OptionBinding {
        .number("autoplayMs", property, "0 (off) or >= 1 (ms)") { $0 == 0 || $0 >= 1 }
    }
}
