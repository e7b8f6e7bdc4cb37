import Foundation

/// Notification content that any thread may read, because it can no longer change.
///
/// Apple's `UNNotificationContent` is not `Sendable` (not in the iOS 16 SDK, and the adapter
/// assumes it nowhere), yet the content the adapter builds must cross threads: from the
/// pipeline's task to the forward hook's queue, and to iOS's expiry call, which may deliver it.
/// Of Apple's content classes only `UNMutableNotificationContent` can change after it is made;
/// `UNNotificationContent`'s properties are all read-only. So this type copies a mutable
/// content into an immutable one when it is made, and keeps any other as it is: what it holds
/// never changes, and sharing it needs no lock. Content made by `updating(from:)` is
/// immutable, so it is kept uncopied and reaches iOS's content handler as Apple asks.
///
/// The one exception is a provider's answer (``init(answer:)``), which reaches iOS as the
/// provider made it.
struct SharedContent: @unchecked Sendable {
    // @unchecked: `content` is a `let`, and never a UNMutableNotificationContent (`init` copies
    // one) except a provider's answer, which never crosses a thread: the session's forward hook
    // delivers it at once, on the provider's thread, and keeps it nowhere (see `init(answer:)`).
    let content: UNNotificationContent

    /// - Parameter content: the content; a `UNMutableNotificationContent` is copied.
    init(_ content: UNNotificationContent) {
        // Apple's copy of a mutable content is an immutable `UNNotificationContent`.
        if content is UNMutableNotificationContent, let copy = content.copy() as? UNNotificationContent {
            self.content = copy
        } else {
            self.content = content
        }
    }

    /// A provider's answer to the forward hook, kept as it is, even mutable: Apple asks that
    /// the result of `updating(from:)` go straight to the content handler, and a provider
    /// handing it back (or its own copy) is owed the same. Only for the content a forward hook
    /// hands to its handler, which ``EnrichmentSession`` delivers at once, on the thread it
    /// came on, and keeps nowhere.
    init(answer content: UNNotificationContent) {
        self.content = content
    }
}
