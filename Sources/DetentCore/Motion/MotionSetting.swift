/// A session's motion (detent-protocol(7), `motion`; plugins.json(5)):
/// `reduced` keeps every decision's index, x, mode and cause and draws it at
/// once (`curve=none ms=0`), as libadwaita does with animations off and the
/// web with `prefers-reduced-motion: reduce`. A drag is drawn as always.
public enum MotionSetting: String, Sendable, CaseIterable {
    case full, reduced
}
