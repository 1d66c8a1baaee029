/// A way of deciding where a paged collection comes to rest: a built-in
/// strategy (`BuiltInStrategy`) or one loaded from a plugin library
/// (`LoadedStrategy`, detent-plugin(3)).
///
/// It turns a geometry into snaps (once per `open`/`layout`) and a release
/// into a choice among them (per gesture).
public protocol Strategy: Sendable {
    /// The name `plugins.json` uses in `"strategy"`.
    var name: String { get }
    /// Whether decisions carry `page` (the page strategies).
    var reportsPage: Bool { get }
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
    /// The snap `goto index=item` moves to.
    func snap(showing item: Int, in layout: Layout) -> Int
}

/// A strategy compiled into detentd: a value built once per plugin from its
/// typed options. Adding one is one new file conforming to this protocol
/// plus one line in `StrategyRegistry`.
public protocol BuiltInStrategy: Strategy {
    associatedtype Options: StrategyOptions

    /// The name `plugins.json` uses in `"strategy"`.
    static var name: String { get }
    /// Whether decisions carry `page` (the page strategies).
    static var reportsPage: Bool { get }

    var options: Options { get }
    init(options: Options)
}

/// A strategy's typed options, read from its plugin's `options` object.
public protocol StrategyOptions: Sendable {
    /// Reads and validates; problems go to the reader.
    init(reading reader: inout OptionReader)
    /// The options every strategy takes.
    var common: CommonOptions { get }
    /// This strategy's own options as `name=value` pairs, for `--check`.
    var summary: [(String, String)] { get }
    /// Autoplay period started at `open`, in ms; 0 for none.
    var autoplayMs: Double { get }
}

extension StrategyOptions {
    public var autoplayMs: Double { 0 }
}

extension BuiltInStrategy {
    public static var reportsPage: Bool { false }
    public var name: String { Self.name }
    public var reportsPage: Bool { Self.reportsPage }
    public var common: CommonOptions { options.common }
    public var summary: [(String, String)] { options.summary }
    public var autoplayMs: Double { options.autoplayMs }
}

extension Strategy {
    /// By default: no loops (only strategies that say so support them).
    public func check(_ geometry: Geometry) throws(ProtocolError) {
        if geometry.loop {
            throw ProtocolError(.unsupportedLayout, "strategy \(name) cannot loop (loop=1 needs carousel)")
        }
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

    /// For strategies of uniform items at one alignment (`group`, `carousel`):
    /// refuses `sizes`, `points` and any other alignment.
    public func requireUniformItems(_ geometry: Geometry, aligned align: Align) throws(ProtocolError) {
        guard let run = geometry.items, run.isUniform else {
            throw ProtocolError(.unsupportedLayout, "strategy \(name) pages uniform items only (item+count, not sizes or points)")
        }
        if geometry.align != align {
            throw ProtocolError(.unsupportedLayout, "strategy \(name) only aligns items at their \(align.rawValue) (align=\(align.rawValue))")
        }
    }

    /// `r` for the projection.
    public var decelerationRate: Double { common.decelerationRate }
}
