import Foundation

/// Makes what apps cannot make but tests need: a delivered notification to pass to
/// `userNotificationCenter(_:willPresent:...)`, and the user's response to pass to
/// `userNotificationCenter(_:didReceive:...)`. On iOS only the system creates these.
///
/// Nothing made here is delivered or recorded; to deliver a notification, use
/// `StandInRecorder.deliver(_:date:)`.
///
/// Stand-in only; no Apple counterpart.
public enum StandInNotifications {
    /// A notification for `request`, as iOS would deliver it.
    ///
    /// - Parameters:
    ///   - request: the request; the notification keeps this instance.
    ///   - date: the notification's `date`.
    /// - Returns: the notification.
    public static func makeNotification(for request: UNNotificationRequest, date: Date = Date()) -> UNNotification {
        UNNotification(storingDate: date, request: request)
    }

    /// The user's response to `notification`.
    ///
    /// - Parameters:
    ///   - notification: the notification responded to.
    ///   - actionIdentifier: a `UNNotificationAction`'s identifier,
    ///     `UNNotificationDefaultActionIdentifier` (the user opened the app) or
    ///     `UNNotificationDismissActionIdentifier` (the user dismissed it).
    /// - Returns: the response.
    public static func makeResponse(to notification: UNNotification, actionIdentifier: String) -> UNNotificationResponse {
        UNNotificationResponse(storingNotification: notification, actionIdentifier: actionIdentifier)
    }

    /// The user's response to a `UNTextInputNotificationAction` of `notification`.
    ///
    /// - Parameters:
    ///   - notification: the notification responded to.
    ///   - actionIdentifier: the text input action's identifier.
    ///   - userText: what the user typed or dictated.
    /// - Returns: the response.
    public static func makeTextInputResponse(
        to notification: UNNotification, actionIdentifier: String, userText: String
    ) -> UNTextInputNotificationResponse {
        UNTextInputNotificationResponse(
            storingNotification: notification, actionIdentifier: actionIdentifier, userText: userText)
    }
}
