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
struct SharedContent: @unchecked Sendable {
    // @unchecked: `content` is never a UNMutableNotificationContent (`init` copies one) and is a
    // `let`, so no thread can change what another reads.
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
}
