/// `flutter-page`: Flutter's `PageView`, as its `PageScrollPhysics` decides
/// (Flutter 3.x: `widgets/page_view.dart` `PageScrollPhysics`,
/// `gestures/velocity_tracker.dart`, `widgets/scroll_physics.dart`,
/// `gestures/constants.dart`). Flutter measures the finger and negates it
/// for the content; here `x` and `v` are already the content's, so its
/// signs hold as they are. 1 pt = 1 logical pixel.
public struct FlutterPageStrategy: BuiltInStrategy {
    public static let about = StrategyDescription(
        name: "flutter-page",
        summary: "Flutter's PageView (PageScrollPhysics): half a page of nudge in the velocity's direction, then the nearest page",
        layouts: LayoutSupport(uniformOnly: true),
        reportsPage: true,
        needsGesture: true
    )
    public static let declaredOptions: [OptionBinding<Options>] = [
        .number("viewportFraction", \.viewportFraction, "> 0 (PageController.viewportFraction)") { $0 > 0 },
        .choice("pointer", \.pointer),
        .density(\.density),
    ]

    /// kMinFlingVelocity, 50 px/s.
    static let minFlingVelocity = 0.05
    /// kMaxFlingVelocity, 8000 px/s.
    static let maxFlingVelocity = 8.0
    /// `Tolerance.velocity` of the physics at device pixel ratio 1, 20 px/s.
    static let velocityTolerance = 0.02
    /// The velocity tracker's horizon, 100 ms.
    static let horizonMs = 100.0

    public struct Options: StrategyOptions {
        public var viewportFraction = 1.0
        public var pointer = Pointer.touch
        public var density = 1.0
        public var common = FlutterPageStrategy.about.commonDefaults

        public init() {}

        /// kTouchSlop (18) for touch; kPrecisePointerHitSlop (1) for a mouse.
        var hitSlop: Double { (pointer == .touch ? 18 : 1) * density }
    }

    public let options: Options

    public init(options: Options) { self.options = options }

    /// A page per item, `viewport × viewportFraction` apart, through `contain`.
    public func snaps(for geometry: Geometry, maxItems: Int) throws(ProtocolError) -> SnapSet {
        SnapSet.of(geometry) { run in
            let extent = geometry.viewport * options.viewportFraction
            let raw = (0..<run.count).map { Double($0) * extent }
            return .at(offsets: raw, of: run, align: geometry.align, viewport: geometry.viewport,
                       contain: geometry.contain, maxOffset: geometry.maxOffset)
        }
    }

    /// `_getTargetPixels`: the page under `x`, nudged half a page in the
    /// velocity's direction, rounded half away from zero; the velocity
    /// counts only for a fling (`isFlingGesture`).
    public func decide(_ release: Release, layout: Layout, from k0: Int) -> Choice {
        decide(release, gesture: Gesture(), layout: layout, from: k0)
    }

    public func decide(_ release: Release, gesture: Gesture, layout: Layout, from k0: Int) -> Choice {
        let extent = layout.geometry.viewport * options.viewportFraction
        let d = options.density
        let v = isFling(release, gesture) ? min(max(release.v, -Self.maxFlingVelocity * d), Self.maxFlingVelocity * d) : 0
        var page = release.x / extent
        if v < -Self.velocityTolerance * d {
            page -= 0.5
        } else if v > Self.velocityTolerance * d {
            page += 0.5
        }
        let target = page.rounded(.toNearestOrAwayFromZero) * extent
        let clamped = min(max(target, 0), layout.geometry.maxOffset)
        return .snap(layout.snaps.nearest(to: clamped), .animate)
    }

    /// Above kMinFlingVelocity, and (when the drag was timed: two samples
    /// or more) travelling more than the hit slop over the tracker's last
    /// 100 ms, from its first sample there to its last.
    func isFling(_ release: Release, _ gesture: Gesture) -> Bool {
        guard abs(release.v) > Self.minFlingVelocity * options.density else { return false }
        guard gesture.samples.count >= 2, let last = gesture.samples.last else { return true }
        let recent = gesture.samples(since: (gesture.endT ?? last.t) - Self.horizonMs)
        guard let first = recent.first else { return true }
        return abs(last.x - first.x) > options.hitSlop
    }
}
