/// A geometry that can be paged (detent-protocol(7), Geometry keys): the spec's keys
/// judged together, defaults applied. Whether a strategy accepts it is the
/// strategy's question.
public struct Geometry: Sendable, Equatable {
    /// What the snaps come from.
    public enum Content: Sendable, Equatable {
        case items(ItemRun)
        /// Explicit snap offsets, strictly ascending.
        case points([Double])
    }

    public var viewport: Double
    public var content: Content
    public var align: Align
    /// Whether `align` was sent (a strategy may refuse some alignments).
    public var alignGiven: Bool
    public var contain: Contain
    /// The resting index asked for; its range is checked last of all.
    public var index: Double?
    public var axis: Axis
    public var loop: Bool
    /// `snapstop`: the points a programmatic scroll may not pass (CSS
    /// `scroll-snap-stop: always`), ascending; empty without.
    public var snapStops: [Int] = []

    /// Judges `spec` with detent-protocol(7)'s `bad-layout` rules.
    /// - Parameter defaultAlign: the plugin's `align`, used when none is sent.
    public init(_ spec: GeometrySpec, defaultAlign: Align) throws(ProtocolError) {
        guard let viewport = spec.viewport else { throw ProtocolError(.missingKey, "viewport: required") }
        guard viewport > 0 else { throw ProtocolError(.badLayout, "viewport must be > 0") }
        let kinds = [spec.item != nil, spec.sizes != nil, spec.points != nil].filter { $0 }.count
        guard kinds == 1 else {
            throw ProtocolError(.badLayout, kinds == 0
                ? "give the items: item+count, sizes or points"
                : "give only one of item+count, sizes or points")
        }
        self.viewport = viewport
        self.index = spec.index
        self.axis = spec.axis ?? .x
        if let points = spec.points {
            guard !points.isEmpty else { throw ProtocolError(.badLayout, "points is empty") }
            for i in points.indices.dropFirst() where points[i] - points[i - 1] <= Tolerance.length {
                throw ProtocolError(.badLayout, "points must be strictly ascending (point \(i) is not above point \(i - 1))")
            }
            var others: [String] = []
            if spec.spacing != nil { others.append("spacing") }
            if spec.lead != nil { others.append("lead") }
            if spec.trail != nil { others.append("trail") }
            if spec.align != nil { others.append("align") }
            if spec.contain != nil { others.append("contain") }
            if spec.loop != nil { others.append("loop") }
            guard others.isEmpty else {
                throw ProtocolError(.badLayout, "with points only viewport, index and axis apply, not \(others.joined(separator: ", "))")
            }
            if let stops = spec.snapstop {
                for s in stops where s != s.rounded() || s < 0 || s >= Double(points.count) {
                    throw ProtocolError(.badValue, "snapstop: \(NumberFormat.string(s)) is not the index of a point (0 to \(points.count - 1))")
                }
                snapStops = Array(Set(stops.map { Int($0) })).sorted()
            }
            content = .points(points)
            align = defaultAlign
            alignGiven = false
            contain = .trim
            loop = false
            return
        }
        if spec.snapstop != nil { throw ProtocolError(.badLayout, "snapstop: only with points") }
        let spacing = spec.spacing ?? 0
        let lead = spec.lead ?? 0
        let trail = spec.trail ?? 0
        if let item = spec.item, let count = spec.count {
            guard count >= 1 else { throw ProtocolError(.badLayout, "count must be at least 1") }
            content = .items(ItemRun(uniform: item, count: count, spacing: spacing, lead: lead, trail: trail))
        } else if let sizes = spec.sizes {
            guard !sizes.isEmpty else { throw ProtocolError(.badLayout, "sizes is empty") }
            content = .items(ItemRun(sizes: sizes, spacing: spacing, lead: lead, trail: trail))
        } else {
            throw ProtocolError(.missingKey, "count: required with item")
        }
        align = spec.align ?? defaultAlign
        alignGiven = spec.align != nil
        contain = spec.contain ?? .trim
        loop = spec.loop ?? false
        if case .items(let run) = content, !run.contentLength.isFinite {
            throw ProtocolError(.badLayout, "the content is too long to page")
        }
    }

    /// The number of items (points count as items).
    public var itemCount: Int {
        switch content {
        case .items(let run): run.count
        case .points(let points): points.count
        }
    }

    /// The items, unless the geometry is `points`.
    public var items: ItemRun? {
        if case .items(let run) = content { return run }
        return nil
    }

    /// `M`: the largest offset, `max(0, C - viewport)` (points: the last point).
    public var maxOffset: Double {
        switch content {
        case .items(let run): max(0, run.contentLength - viewport)
        case .points(let points): points[points.count - 1]
        }
    }
}
