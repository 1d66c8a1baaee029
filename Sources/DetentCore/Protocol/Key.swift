/// The keys of requests (detent-protocol(7), "Verbs"), named once: the verb
/// table says which each verb takes, the decoders switch over them, and
/// the encoder writes them.
public enum Key: String, Sendable, CaseIterable {
    case s, id, client, plugin, x, v, target, t, every
    /// `goto`'s item, and the geometry's resting item.
    case index
    case viewport, item, count, sizes, points, spacing, lead, trail, align, contain, axis, loop

    /// The geometry keys of `open` and `layout`, in the order they are written.
    public static let geometry: [Key] = [
        .viewport, .item, .count, .sizes, .points, .spacing, .lead, .trail, .align, .contain, .index, .axis, .loop,
    ]
}
