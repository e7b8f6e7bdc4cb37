import Foundation

// The option keys of `UNNotificationAttachment(identifier:url:options:)`.
//
// Source: reference, UserNotifications: four `let ...: String` constants, listed with
// `UNNotificationAttachment` (iOS 10).
// Availability: UNNotificationAttachment.h declares each key
// `API_AVAILABLE(macos(10.14), ios(10.0), watchos(3.0)) API_UNAVAILABLE(tvos)` (iOS 13 SDK copy,
// mkalmes/moby UserNotifications.framework.h).
// UNVERIFIED: their string values (the stand-in uses each constant's name).

/// A UTI string naming the file's type; without it the type is guessed from the extension.
@available(iOS 10.0, macOS 10.14, watchOS 3.0, *)
@available(tvOS, unavailable)
public let UNNotificationAttachmentOptionsTypeHintKey: String = "UNNotificationAttachmentOptionsTypeHintKey"

/// A Bool: whether to hide the attachment's thumbnail.
@available(iOS 10.0, macOS 10.14, watchOS 3.0, *)
@available(tvOS, unavailable)
public let UNNotificationAttachmentOptionsThumbnailHiddenKey: String = "UNNotificationAttachmentOptionsThumbnailHiddenKey"

/// A CGRect dictionary, in normalized coordinates: the part of the image the thumbnail shows.
@available(iOS 10.0, macOS 10.14, watchOS 3.0, *)
@available(tvOS, unavailable)
public let UNNotificationAttachmentOptionsThumbnailClippingRectKey: String =
    "UNNotificationAttachmentOptionsThumbnailClippingRectKey"

/// A frame number (animated images) or a time in seconds (movies) for the thumbnail.
@available(iOS 10.0, macOS 10.14, watchOS 3.0, *)
@available(tvOS, unavailable)
public let UNNotificationAttachmentOptionsThumbnailTimeKey: String = "UNNotificationAttachmentOptionsThumbnailTimeKey"
