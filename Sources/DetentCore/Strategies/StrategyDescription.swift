/// What a strategy is, stated once (as SwiftLint's `RuleDescription`):
/// its name, its line, where its rules come from, what it pages and how it
/// decides. `--check`, the errors, plugins.json(5)'s list, the registry
/// and the sessions read it; its options are declared beside it, once
/// each (`BuiltInStrategy.declaredOptions`).
public struct StrategyDescription: Sendable {
    /// The name `plugins.json` uses in `"strategy"`.
    public var name: String
    /// What it does, in one line, for `--check`.
    public var summary: String
    /// What geometries it pages.
    public var layouts: LayoutSupport
    /// Whether decisions carry `page` (the page strategies).
    public var reportsPage: Bool
    /// Whether it decides with the drag (`decide(_:gesture:layout:from:)`).
    public var needsGesture: Bool
    /// How far from a snap a release may rest, in points: 0 for rules that
    /// rest on snaps; Android's, which work in whole pixels, up to 1.
    public var restingTolerance: Double
    /// Whether it follows the drag itself and plans its own motion
    /// (`Strategy.dragFollower`, `Strategy.motion`).
    public var followsDrag: Bool
    /// Whether `align` may only be the default's (`group`, `carousel`, Android's).
    public var fixedAlign: Bool
    /// The common options' defaults for it (a faster deceleration, say).
    public var commonDefaults: CommonOptions

    public init(
        name: String, summary: String, layouts: LayoutSupport = LayoutSupport(), reportsPage: Bool = false,
        needsGesture: Bool = false, followsDrag: Bool = false, restingTolerance: Double = 0, fixedAlign: Bool = false,
        commonDefaults: CommonOptions = CommonOptions()
    ) {
        self.name = name
        self.summary = summary
        self.layouts = layouts
        self.reportsPage = reportsPage
        self.needsGesture = needsGesture
        self.followsDrag = followsDrag
        self.restingTolerance = restingTolerance
        self.fixedAlign = fixedAlign
        self.commonDefaults = commonDefaults
    }
}
