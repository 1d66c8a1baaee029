/// What moved the content, for rules that treat a finger and a mouse
/// differently (a hit slop, a force boost): the option `pointer`.
public enum Pointer: String, Sendable, CaseIterable {
    case touch, mouse
}
