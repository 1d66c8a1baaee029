/// The decisions no gesture makes: `goto` and autoplay's steps.
extension Session {
    /// `goto index=i`: the snap that shows item `i`; its motion starts at
    /// `from` when the client says where the content is drawn (it may be
    /// moving), else where the daemon last had it.
    public mutating func goto(index: Double, from: Double? = nil) throws(ProtocolError) -> Decision {
        let item = try Self.checkedIndex(index, in: layout.geometry) ?? 0
        if let from { drawnAt = from }
        return settle(.snap(plugin.strategy.snap(showing: item, in: layout), .animate), cause: .goto, v: 0)
    }

    /// One autoplay step, or nil while a finger is down. After the last snap
    /// comes the first.
    public mutating func autoplayStep() -> Decision? {
        guard !fingerDown, scrolling.gesture != .begun, scrolling.gesture != .updating else { return nil }
        let next = resting + 1 < snaps.count ? resting + 1 : 0
        return settle(.snap(next, .animate), cause: .autoplay, v: 0)
    }
}
