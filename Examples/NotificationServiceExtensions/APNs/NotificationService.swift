// The complete Notification Service Extension for an app that sends plain APNs pushes.
//
// Link the `HeraldNotificationService` library into the extension target (not the app target)
// and name this class in the extension's Info.plist (`NSExtensionPrincipalClass =
// $(PRODUCT_MODULE_NAME).NotificationService`, see Info.plist beside this file). Herald reads
// the payload, downloads the avatar and attachments within the time budget, donates the
// `INSendMessageIntent`, calls `updating(from:)` and delivers exactly once. Behaviour is set by
// the Info.plist `Herald` dictionary; set-up steps: docs/extension-guide.md.

import HeraldNotificationService

// `nonisolated`: Xcode 26 makes new targets MainActor by default, and a MainActor subclass
// clashes with Herald's nonisolated class (iOS calls an extension off the main thread).
nonisolated final class NotificationService: CommunicationNotificationService {}
