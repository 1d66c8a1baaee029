/// A way of deciding where a paged collection comes to rest: a built-in
/// strategy (`BuiltInStrategy`) or one loaded from a plugin library
/// (`LoadedStrategy`, detent-plugin(3)).
///
/// It turns a geometry into snaps (once per `open`/`layout`) and a release
/// into a choice among them (per gesture).
public protocol Strategy: Sendable {
    /// The name `plugins.json` uses in `"strategy"`.
    var name: String { get }
    /// What it does, in one line, for `--check`.
    var description: String { get }
    /// Whether decisions carry `page` (the page strategies).
    var reportsPage: Bool { get }
    /// The options every strategy takes.
    var common: CommonOptions { get }
    /// This strategy's own options as `name=value` pairs, for `--check`.
    var summary: [(String, String)] { get }
    /// Autoplay period started at `open`, in ms; 0 for none.
    var autoplayMs: Double { get }
    /// What geometries it pages.
    var layouts: LayoutSupport { get }
    /// Whether it decides with the drag (`decide(_:gesture:layout:from:)`).
    var needsGesture: Bool { get }
    /// How far from a snap a release may rest, in points: 0 for rules that
    /// rest on snaps; Android's, which work in whole pixels, up to 1.
    var restingTolerance: Double { get }

    /// Refuses a geometry this strategy cannot page (`unsupported-layout`).
    func check(_ geometry: Geometry) throws(ProtocolError)
    /// The snaps of a geometry that passed `check`. May refuse it with
    /// `bad-layout` (e.g. more than `maxItems` pages).
    func snaps(for geometry: Geometry, maxItems: Int) throws(ProtocolError) -> SnapSet
    /// The decision for a release from resting snap `k0`: at most O(log m)
    /// in the number of snaps. Built-in rules are pure and never throw; a
    /// loaded one may fail (`plugin-failed`).
    func decide(_ release: Release, layout: Layout, from k0: Int) throws(ProtocolError) -> Choice
    /// The same with the drag behind the release, called instead for a
    /// strategy that `needsGesture` (the drag stays out of `Release`, which
    /// every other decision copies and keeps).
    func decide(_ release: Release, gesture: Gesture, layout: Layout, from k0: Int) throws(ProtocolError) -> Choice
    /// The snap `goto index=item` moves to.
    func snap(showing item: Int, in layout: Layout) -> Int
}

/// A strategy compiled into detentd: a value built once per plugin from its
/// typed options, describing itself (name, a line, its options with their
/// defaults and rules, what it pages) for `--check`, the errors and
/// plugins.json(5). Adding one is one new file conforming to this protocol
/// plus one line in `StrategyRegistry`.
public protocol BuiltInStrategy: Strategy {
    associatedtype Options: StrategyOptions

    /// The name `plugins.json` uses in `"strategy"`.
    static var name: String { get }
    /// What it does, in one line (the seed it comes from).
    static var description: String { get }
    /// Its own options, each stated once: its spec bound to the property
    /// of `Options` it sets. Reading, `--check`'s summary and the option
    /// table derive from these.
    static var declaredOptions: [OptionBinding<Options>] { get }
    /// Whether `align` may only be the default's (`group`, `carousel`, Android's).
    static var fixedAlign: Bool { get }
    /// The common options' defaults for it (a faster deceleration, say).
    static var commonDefaults: CommonOptions { get }
    /// What geometries it pages.
    static var layouts: LayoutSupport { get }
    /// Whether decisions carry `page` (the page strategies).
    static var reportsPage: Bool { get }
    /// Whether it decides with the drag (`decide(_:gesture:layout:from:)`).
    static var needsGesture: Bool { get }
    /// How far from a snap a release may rest, in points.
    static var restingTolerance: Double { get }

    var options: Options { get }
    init(options: Options)
}

/// A strategy's typed options, read from its plugin's `options` object.
public protocol StrategyOptions: Sendable {
    /// Every option at its default.
    init()
    /// The options every strategy takes.
    var common: CommonOptions { get set }
    /// Autoplay period started at `open`, in ms; 0 for none.
    var autoplayMs: Double { get }
}

extension StrategyOptions {
    public var autoplayMs: Double { 0 }
}

extension BuiltInStrategy {
    public static var reportsPage: Bool { false }
    public static var needsGesture: Bool { false }
    public static var restingTolerance: Double { 0 }
    public static var layouts: LayoutSupport { LayoutSupport() }
    public static var commonDefaults: CommonOptions { CommonOptions() }
    public static var fixedAlign: Bool { false }
    /// Its own options: name, default, rule.
    public static var ownOptions: [OptionDescription] { declaredOptions.map(\.description) }

    /// Reads and validates a plugin's options; problems go to the reader.
    public static func readOptions(_ reader: inout OptionReader) -> Options {
        var options = Options()
        for option in declaredOptions { option.read(&reader, &options) }
        options.common = CommonOptions(reading: &reader, defaults: commonDefaults, fixedAlign: fixedAlign)
        return options
    }
    /// Its options as plugins.json(5) lists them: its own, then the common
    /// ones whose default it changes.
    public static var optionTable: [OptionDescription] {
        let common = CommonOptions.descriptions()
        return ownOptions + CommonOptions.descriptions(defaults: commonDefaults).enumerated()
            .filter { $0.element != common[$0.offset] }.map(\.element)
    }

    public var layouts: LayoutSupport { Self.layouts }
    public var name: String { Self.name }
    public var description: String { Self.description }
    public var reportsPage: Bool { Self.reportsPage }
    public var needsGesture: Bool { Self.needsGesture }
    public var restingTolerance: Double { Self.restingTolerance }
    public var common: CommonOptions { options.common }
    public var summary: [(String, String)] { Self.declaredOptions.map { $0.pair(options) } }
    public var autoplayMs: Double { options.autoplayMs }
}

extension Strategy {
    /// By default: `x`, `v` and `T` are enough.
    public var needsGesture: Bool { false }

    /// By default: the drag is not read.
    public func decide(_ release: Release, gesture: Gesture, layout: Layout, from k0: Int) throws(ProtocolError) -> Choice {
        try decide(release, layout: layout, from: k0)
    }
    /// By default: on a snap.
    public var restingTolerance: Double { 0 }

    /// By default: what `layouts` says it pages.
    public func check(_ geometry: Geometry) throws(ProtocolError) {
        try layouts.check(geometry, strategy: name)
    }

    /// By default: the items' aligned offsets, or the points.
    public func snaps(for geometry: Geometry, maxItems: Int) throws(ProtocolError) -> SnapSet {
        switch geometry.content {
        case .points(let points):
            return .points(points)
        case .items(let run):
            return .items(run, align: geometry.align, viewport: geometry.viewport, contain: geometry.contain)
        }
    }

    /// By default: the snap nearest item `i`'s aligned offset clamped into
    /// `[0, M + pad]`, lower on a tie; for points, snap `i`.
    public func snap(showing item: Int, in layout: Layout) -> Int {
        layout.snapNearest(item: item)
    }

    /// `r` for the projection.
    public var decelerationRate: Double { common.decelerationRate }
}
