/// A session's `swipes` (detent-protocol(7), `open`): a widget's
/// `allow-long-swipes`. `long` lets a swipe cross every page where the
/// strategy has that notion (`adwaita`); it overrides the plugin's option.
public enum SwipeLength: String, Sendable, CaseIterable {
    case short, long
}
