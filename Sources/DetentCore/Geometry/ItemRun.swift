/// The items of a geometry along the axis: where each starts and how long it
/// is. Uniform items are arithmetic; `sizes` keep prefix sums so every query
/// is O(1) and a nearest-item search O(log n).
public struct ItemRun: Sendable, Equatable {
    enum Storage: Sendable, Equatable {
        case uniform(size: Double, count: Int)
        case varying(sizes: [Double], starts: [Double])
    }

    let storage: Storage
    public let spacing: Double
    public let lead: Double
    public let trail: Double

    /// `count` items of length `size`.
    public init(uniform size: Double, count: Int, spacing: Double, lead: Double, trail: Double) {
        storage = .uniform(size: size, count: count)
        self.spacing = spacing
        self.lead = lead
        self.trail = trail
    }

    /// Items of the given lengths.
    public init(sizes: [Double], spacing: Double, lead: Double, trail: Double) {
        var starts: [Double] = []
        starts.reserveCapacity(sizes.count)
        var e = lead
        for size in sizes {
            starts.append(e)
            e += size + spacing
        }
        storage = .varying(sizes: sizes, starts: starts)
        self.spacing = spacing
        self.lead = lead
        self.trail = trail
    }

    public var count: Int {
        switch storage {
        case .uniform(_, let count): count
        case .varying(let sizes, _): sizes.count
        }
    }

    /// Whether every item has the same length.
    public var isUniform: Bool {
        if case .uniform = storage { return true }
        return false
    }

    /// The first item's length.
    public var firstSize: Double { size(0) }

    /// `e(i)`: where item `i` starts.
    @inline(__always)
    public func start(_ i: Int) -> Double {
        switch storage {
        case .uniform(let size, _): lead + Double(i) * (size + spacing)
        case .varying(_, let starts): starts[i]
        }
    }

    /// Item `i`'s length.
    @inline(__always)
    public func size(_ i: Int) -> Double {
        switch storage {
        case .uniform(let size, _): size
        case .varying(let sizes, _): sizes[i]
        }
    }

    /// `C`: lead, items, spacing between them, trail.
    public var contentLength: Double {
        let last = count - 1
        return start(last) + size(last) + trail
    }

    /// The aligned offset of item `i` (detent-protocol(7), Geometry).
    @inline(__always)
    public func alignedOffset(_ i: Int, align: Align, viewport: Double) -> Double {
        switch align {
        case .start: start(i) - lead
        case .center: start(i) + size(i) / 2 - viewport / 2
        case .end: start(i) + size(i) + trail - viewport
        }
    }

    /// The item whose aligned offset is nearest `offset`, the lower on a tie.
    public func nearestItem(to offset: Double, align: Align, viewport: Double) -> Int {
        // Aligned offsets ascend strictly: find the first at or past offset.
        var low = 0
        var high = count
        while low < high {
            let mid = (low + high) / 2
            if alignedOffset(mid, align: align, viewport: viewport) < offset { low = mid + 1 } else { high = mid }
        }
        if low == count { return count - 1 }
        if low == 0 { return 0 }
        let below = offset - alignedOffset(low - 1, align: align, viewport: viewport)
        let above = alignedOffset(low, align: align, viewport: viewport) - offset
        return above < below - Tolerance.length ? low : low - 1
    }
}
