/// How an app shows nothing for a push that retracts messages (a delete, or messages or a
/// conversation read on another device), which an app chooses once, by what it can do.
///
/// iOS shows an alert push as sent unless the extension has Apple's filtering entitlement, so
/// without it a retraction must either show something or not be an alert push. The app says
/// which in its extension's Info.plist (``ExtensionSetting/retractFallback``); a server says
/// which it built for in the payload, and `PayloadBuilder` builds the push that choice needs.
public enum RetractFallback: String, CaseIterable, Hashable, Sendable {
    /// The extension has the filtering entitlement
    /// (`com.apple.developer.usernotifications.filtering`, granted by Apple on request): it
    /// delivers empty content, and nothing is shown.
    case filtered
    /// The push shows a replacement the user sees, such as "Message deleted", in the place of
    /// the message's notification.
    case visible
    /// A background push (`content-available: 1`), which the app handles by removing the
    /// notifications itself. The extension does not run for it. Best-effort: iOS throttles
    /// background pushes, and holds none for an app the user force-quit.
    case background
}
