extension OptionBinding {
    /// The option `density` of the strategies transcribed from a platform
    /// (docs/strategies.md, "The platforms' strategies: units"): 1 pt = 1 px
    /// = 1 dp at its default of 1; the platform's constants stated in dp or
    /// px (slops, thresholds, velocity gates) are multiplied by it.
    public static func density(_ property: WritableKeyPath<Options, Double>) -> OptionBinding {
        .number("density", property, "> 0 (points per dp or px of the platform's constants)") { $0 > 0 && $0 <= 1000 }
    }
}
