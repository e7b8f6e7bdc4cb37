import Foundation

// The option keys of `UNNotificationAttachment(identifier:url:options:)`.
//
// Source: reference, UserNotifications: four `let ...: String` constants, listed with
// `UNNotificationAttachment` (iOS 10) but without an availability of their own, so none is
// declared here (UNVERIFIED: Apple's headers mark them iOS 10).
// UNVERIFIED: their string values (the stand-in uses each constant's name).

/// A UTI string naming the file's type; without it the type is guessed from the extension.
public let UNNotificationAttachmentOptionsTypeHintKey: String = "UNNotificationAttachmentOptionsTypeHintKey"

/// A Bool: whether to hide the attachment's thumbnail.
public let UNNotificationAttachmentOptionsThumbnailHiddenKey: String = "UNNotificationAttachmentOptionsThumbnailHiddenKey"

/// A CGRect dictionary, in normalized coordinates: the part of the image the thumbnail shows.
public let UNNotificationAttachmentOptionsThumbnailClippingRectKey: String =
    "UNNotificationAttachmentOptionsThumbnailClippingRectKey"

/// A frame number (animated images) or a time in seconds (movies) for the thumbnail.
public let UNNotificationAttachmentOptionsThumbnailTimeKey: String = "UNNotificationAttachmentOptionsThumbnailTimeKey"
