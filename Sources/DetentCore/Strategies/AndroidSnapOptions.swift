/// The options of Android's snap helpers (`android-pager`,
/// `android-linear`): `density`, and `align`, which must be `center`
/// (Android centres the card).
public struct AndroidSnapOptions: StrategyOptions {
    /// What both strategies default to: centred cards.
    public static let commonDefaults = CommonOptions(align: .center)

    public var density = 1.0
    public var common = AndroidSnapOptions.commonDefaults

    public init() {}
}
