import Foundation

/// The response to a `UNTextInputNotificationAction`: the text the user typed or dictated.
///
/// A test makes one with `StandInNotifications.makeTextInputResponse(to:actionIdentifier:userText:)`.
///
/// Source: UNNotificationResponse.h, `@interface UNTextInputNotificationResponse :
/// UNNotificationResponse` with `@property (readonly, copy) NSString *userText` (iOS 13 SDK copy,
/// mkalmes/moby UserNotifications.framework.h); Apple's documentation page
/// (developer.apple.com/documentation/usernotifications/untextinputnotificationresponse).
/// Availability: the header's `API_AVAILABLE(macos(10.14), ios(10.0), watchos(3.0))
/// API_UNAVAILABLE(tvos)` on the class and none on `userText`.
@available(iOS 10.0, macOS 10.14, watchOS 3.0, *)
@available(tvOS, unavailable)
open class UNTextInputNotificationResponse: UNNotificationResponse {
    let storedUserText: String

    init(storingNotification notification: UNNotification, actionIdentifier: String, userText: String) {
        storedUserText = userText
        super.init(storingNotification: notification, actionIdentifier: actionIdentifier)
    }

    /// The text the user entered. Source: header, `(readonly, copy) NSString *userText`.
    open var userText: String { storedUserText }
}
