/// The keys seen so far on a line or in a JSON object, to catch one given
/// twice (`bad-line`, or a config error). A request has a handful of keys, so
/// a linear scan; past `linearLimit` a hash set keeps a hostile line of
/// thousands of keys linear in time.
struct KeySet {
    static let linearLimit = 8
    private var keys: [String] = []
    private var hashed: Set<String> = []

    /// Adds `key`; false if it was already there.
    mutating func insert(_ key: String) -> Bool {
        if keys.count < Self.linearLimit {
            if keys.contains(key) { return false }
            keys.append(key)
            return true
        }
        if hashed.isEmpty { hashed = Set(keys) }
        return hashed.insert(key).inserted
    }
}
