/// A way of deciding where a paged collection comes to rest: a built-in
/// strategy (`BuiltInStrategy`) or one loaded from a plugin library
/// (`LoadedStrategy`, detent-plugin(3)).
///
/// It turns a geometry into snaps (once per `open`/`layout`) and a release
/// into a choice among them (per gesture).
public protocol Strategy: Sendable {
    /// What it is: name, line, layouts, how it decides.
    var about: StrategyDescription { get }
    /// The options every strategy takes.
    var common: CommonOptions { get }
    /// This strategy's own options as `name=value` pairs, for `--check`.
    var summary: [(String, String)] { get }
    /// Autoplay period started at `open`, in ms; 0 for none.
    var autoplayMs: Double { get }

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
    /// For a strategy that `followsDrag`: a follower for one gesture from
    /// resting snap `k0`. Others: nil (the session's rubber band,
    /// velocity and `decide`).
    func dragFollower(layout: Layout, from k0: Int) -> (any DragFollower)?
    /// For a strategy that `followsDrag`: its own motion (every cause),
    /// else nil for the session's (`Motion.plan`).
    func motion(from: Double, to: Double, v: Double, mode: Mode, layout: Layout) -> Motion?
    /// Its own wheel and touchpad, kept per session and layout; nil for the
    /// generic rule (docs/strategies.md, "The wheel and the touchpad").
    func scrollFollower(layout: Layout) -> (any ScrollFollower)?
    /// This strategy with a session's `swipes` (a widget's
    /// allow-long-swipes); itself where it has no such notion.
    func tuned(longSwipes: Bool) -> any Strategy
    /// Its own rule for a `step` or a `scrollby` from where the content is
    /// drawn and what moves it then (`css-snap`: Chromium's); nil for the
    /// session's generic rule.
    func programmatic(_ scroll: ProgrammaticScroll, view: ScrollView) -> ProgrammaticTarget?
}

/// A keyboard step or a programmatic scroll by a displacement.
public enum ProgrammaticScroll: Sendable, Equatable {
    case step(StepTarget)
    case by(Double)
}

/// Where a strategy's own `step` or `scrollby` goes: a snap (with the
/// strategy's own motion there, or its `motion`'s), or nowhere.
public enum ProgrammaticTarget: Sendable, Equatable {
    case snap(Int)
    case drawn(Int, Motion)
    case kept
}

extension Strategy {
    /// By default (loaded strategies included): the generic rule.
    public func programmatic(_ scroll: ProgrammaticScroll, view: ScrollView) -> ProgrammaticTarget? { nil }
}

/// A strategy compiled into detentd: a value built once per plugin from its
/// typed options, describing itself (name, a line, its options with their
/// defaults and rules, what it pages) for `--check`, the errors and
/// plugins.json(5). Adding one is one new file conforming to this protocol
/// plus one line in `StrategyRegistry`.
public protocol BuiltInStrategy: Strategy {
    associatedtype Options: StrategyOptions

    /// What it is, stated once.
    static var about: StrategyDescription { get }
    /// Its own options, each stated once, one line each (name, property,
    /// rule); a default is the property's initial value in `Options()`.
    /// Reading, `--check`'s summary and the option table derive from these.
    static var declaredOptions: [OptionBinding<Options>] { get }

    var options: Options { get }
    init(options: Options)
}

/// A strategy's typed options, read from its plugin's `options` object.
public protocol StrategyOptions: Sendable {
    /// Every option at its default: each property's initial value.
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
    /// Its own options: name, default, rule.
    public static var ownOptions: [OptionDescription] {
        let defaults = Options()
        return declaredOptions.map { $0.description(defaults: defaults) }
    }

    /// Reads and validates a plugin's options over `Options()`; problems go to the reader.
    public static func readOptions(_ reader: inout OptionReader) -> Options {
        var options = Options()
        reader.read(declaredOptions, into: &options)
        options.common = CommonOptions(reading: &reader, defaults: options.common, fixedAlign: about.fixedAlign)
        return options
    }

    /// Its options as plugins.json(5) lists them: its own, then the common
    /// ones whose default it changes.
    public static var optionTable: [OptionDescription] {
        let common = CommonOptions.descriptions()
        return ownOptions + CommonOptions.descriptions(defaults: Options().common).enumerated()
            .filter { $0.element != common[$0.offset] }.map(\.element)
    }

    public var about: StrategyDescription { Self.about }
    public var common: CommonOptions { options.common }
    public var summary: [(String, String)] { Self.declaredOptions.map { $0.pair(options) } }
    public var autoplayMs: Double { options.autoplayMs }
}

extension Strategy {
    /// The name `plugins.json` uses in `"strategy"`.
    public var name: String { about.name }
    /// What it does, in one line, for `--check`.
    public var description: String { about.summary }
    /// What geometries it pages.
    public var layouts: LayoutSupport { about.layouts }
    /// Whether decisions carry `page`.
    public var reportsPage: Bool { about.reportsPage }
    /// Whether it decides with the drag (`decide(_:gesture:layout:from:)`).
    public var needsGesture: Bool { about.needsGesture }
    /// Whether it follows the drag itself (`dragFollower`, `motion`).
    public var followsDrag: Bool { about.followsDrag }
    /// How far from a snap a release may rest, in points.
    public var restingTolerance: Double { about.restingTolerance }

    /// By default: no notion of long swipes.
    public func tuned(longSwipes: Bool) -> any Strategy { self }

    /// By default: the session follows the drag.
    public func dragFollower(layout: Layout, from k0: Int) -> (any DragFollower)? { nil }
    /// By default: the generic wheel and touchpad.
    public func scrollFollower(layout: Layout) -> (any ScrollFollower)? { nil }
    /// By default: the session plans the motion.
    public func motion(from: Double, to: Double, v: Double, mode: Mode, layout: Layout) -> Motion? { nil }

    /// By default: the drag is not read.
    public func decide(_ release: Release, gesture: Gesture, layout: Layout, from k0: Int) throws(ProtocolError) -> Choice {
        try decide(release, layout: layout, from: k0)
    }

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
