/// The keys of requests (detent-protocol(7), "Verbs"), named once: `Verb`
/// says which each verb takes, the decoders switch over them, and the
/// encoder writes them.
public enum Key: String, Sendable, CaseIterable {
    case s, id, client, plugin, x, v, target, t, every
    /// `goto`'s item, and the geometry's resting item.
    case index
    case viewport, item, count, sizes, points, spacing, lead, trail, align, contain, axis, loop
}
