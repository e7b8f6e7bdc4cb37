import HeraldCore

/// The push a retraction must be, by the app's ``HeraldCore/RetractFallback``: the one rule the
/// payload builder, `herald send apns` and `send onesignal`, and lint apply, each in its own words.
///
/// iOS shows an alert push as sent unless the extension has the filtering entitlement, so a
/// retraction names how the app shows nothing, and that choice decides the push: an alert push
/// the extension runs for (`filtered`, `visible`), or a background push the app handles
/// (`background`).
public enum RetractionPush: Hashable, Sendable {
    /// A retraction that names no fallback: iOS would show it as sent.
    case noFallback
    /// The `background` fallback sent as an alert push, which iOS shows.
    case needsBackgroundPush
    /// The `filtered` or `visible` fallback sent as a background push, which the extension never sees.
    case needsAlertPush(RetractFallback)

    /// What is wrong with sending `message` as an alert push (`isBackground` false) or a
    /// background push; `nil` when it is right, or the message retracts nothing.
    public static func problem(with message: Message, isBackground: Bool) -> RetractionPush? {
        guard message.action?.isRetraction == true else { return nil }
        switch message.retractFallback {
        case nil: return .noFallback
        case .background?: return isBackground ? nil : .needsBackgroundPush
        case let fallback?: return isBackground ? .needsAlertPush(fallback) : nil
        }
    }
}
