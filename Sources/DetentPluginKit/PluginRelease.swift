import CDetentPlugin

/// A finger leaving the screen, as the strategy sees it (`detent_release`).
public struct PluginRelease {
    /// Where the finger left the content offset.
    public var x: Double
    /// The velocity, pt/ms.
    public var v: Double
    /// The projected resting offset `T`, clamped into the ends.
    public var target: Double
    /// The resting snap the gesture started from.
    public var k0: Int
    /// The snaps' offsets, ascending (valid during `decide` only).
    public var snaps: UnsafeBufferPointer<Double>
    public var viewport: Double
    public var maxOffset: Double

    init(_ release: detent_release) {
        x = release.x
        v = release.v
        target = release.target
        k0 = Int(release.k0)
        snaps = UnsafeBufferPointer(start: release.snaps, count: Int(release.count))
        viewport = release.viewport
        maxOffset = release.max_offset
    }

    /// The snap nearest `offset`, the lower on a tie.
    public func nearest(to offset: Double) -> Int {
        var low = 0
        var high = snaps.count
        while low < high {
            let mid = (low + high) / 2
            if snaps[mid] < offset { low = mid + 1 } else { high = mid }
        }
        if low == snaps.count { return snaps.count - 1 }
        if low > 0, offset - snaps[low - 1] <= snaps[low] - offset { return low - 1 }
        return low
    }
}
