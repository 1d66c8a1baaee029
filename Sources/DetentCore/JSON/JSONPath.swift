/// Where a value sits in a JSON document: `plugins[1].options.flickVelocity`.
public struct JSONPath: Sendable, Equatable, CustomStringConvertible {
    /// One step: a member name or an array position.
    public enum Component: Sendable, Equatable {
        case key(String)
        case index(Int)
    }

    public var components: [Component] = []

    public init(_ components: [Component] = []) { self.components = components }

    /// This path extended by a member name.
    public func appending(_ key: String) -> JSONPath { JSONPath(components + [.key(key)]) }
    /// This path extended by an array position.
    public func appending(_ index: Int) -> JSONPath { JSONPath(components + [.index(index)]) }

    public var description: String {
        var out = ""
        for component in components {
            switch component {
            case .key(let key):
                if !out.isEmpty { out += "." }
                out += key
            case .index(let index):
                out += "[\(index)]"
            }
        }
        return out.isEmpty ? "(top level)" : out
    }
}
