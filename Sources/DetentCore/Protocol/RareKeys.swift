/// Holds the keys of a request that the fast path never reads, on the
/// heap (`RequestFields`): the geometry of `open` and `layout`, `hello`'s
/// `client` and `open`'s `plugin`. A request is copied whole between its
/// parser and its handler; these would double its size.
final class RareKeys: @unchecked Sendable {
    var spec = GeometrySpec()
    var client: String?
    var plugin: String?

    init() {}

    func copy() -> RareKeys {
        let copy = RareKeys()
        (copy.spec, copy.client, copy.plugin) = (spec, client, plugin)
        return copy
    }
}
