import Foundation

// Delivered notifications and local requests.
//
// Source: UNUserNotificationCenter.h, `-getDeliveredNotificationsWithCompletionHandler:`,
// `-removeDeliveredNotificationsWithIdentifiers:`, `-removeAllDeliveredNotifications` (each
// `API_UNAVAILABLE(tvos)`) and `-addNotificationRequest:withCompletionHandler:` (no attribute)
// (macOS 12.3 SDK copy, phracker/MacOSX-SDKs MacOSX12.3.sdk; the iOS 13 copy in mkalmes/moby
// UserNotifications.framework.h is the same); the Swift declarations, `@Sendable` handlers
// included, from Apple's documentation pages (developer.apple.com/documentation/usernotifications/
// unusernotificationcenter/...), which give iOS 10.0, macOS 10.14, watchOS 3.0 and, for `add`
// only, tvOS 10.0.
// The async forms are Swift's imports of the completion-handler methods, which carry those
// methods' availability (UNVERIFIED, as for `INInteraction.donate()`: they have no header line
// of their own).
// Sendable: the handlers are `@Sendable` as in the current SDK's pages. For code that calls
// these, that is the stricter choice: a closure that compiles here also compiles against an older
// SDK whose handlers are not `@Sendable`, not the other way round.
extension UNUserNotificationCenter {
    /// Answers the app's notifications still shown in Notification Center.
    ///
    /// Source: Apple's page, `func getDeliveredNotifications(completionHandler: @escaping @Sendable
    /// ([UNNotification]) -> Void)`.
    /// Model: `StandInRecorder.deliveredNotifications` of this center's recorder, in delivery
    /// order, handed to `completionHandler` before the call returns. The call counts as a read
    /// for `StandInBehavior.RemovalTiming.afterReads(_:)`.
    ///
    /// - Parameter completionHandler: gets the notifications.
    @available(tvOS, unavailable)
    public func getDeliveredNotifications(completionHandler: @escaping @Sendable ([UNNotification]) -> Void) {
        completionHandler(recorder.readDeliveredNotifications())
    }

    /// The app's notifications still shown in Notification Center.
    ///
    /// Source: Apple's page, `func deliveredNotifications() async -> [UNNotification]`.
    /// Model: as `getDeliveredNotifications(completionHandler:)`, and a read as it is.
    ///
    /// - Returns: the notifications, in delivery order.
    @available(tvOS, unavailable)
    public func deliveredNotifications() async -> [UNNotification] {
        recorder.readDeliveredNotifications()
    }

    /// Removes the delivered notifications whose requests have these identifiers.
    ///
    /// Source: Apple's page, `func removeDeliveredNotifications(withIdentifiers identifiers:
    /// [String])`; it has no completion handler (UNVERIFIED when it takes effect: see
    /// `StandInBehavior.RemovalTiming`).
    /// Model: recorded in `StandInRecorder.removals`; takes effect as
    /// `StandInBehavior.removalTakesEffect` says, for the notifications delivered before the call.
    ///
    /// - Parameter identifiers: request identifiers; unknown ones are ignored.
    @available(tvOS, unavailable)
    public func removeDeliveredNotifications(withIdentifiers identifiers: [String]) {
        recorder.recordRemoval(of: identifiers)
    }

    /// Removes all the app's delivered notifications.
    ///
    /// Source: Apple's page, `func removeAllDeliveredNotifications()`.
    /// Model: counted in `StandInRecorder.removeAllCount`; takes effect as
    /// `StandInBehavior.removalTakesEffect` says, for the notifications delivered before the call.
    @available(tvOS, unavailable)
    public func removeAllDeliveredNotifications() {
        recorder.recordRemoval(of: nil)
    }

    /// Schedules a local notification; without a trigger it is delivered at once.
    ///
    /// Source: Apple's page, `func add(_ request: UNNotificationRequest, withCompletionHandler
    /// completionHandler: (@Sendable ((any Error)?) -> Void)? = nil)`; "If the request does not
    /// contain a UNNotificationTrigger object, the notification is delivered right away"; the
    /// header: a request with the identifier of a delivered notification replaces it.
    /// Model: recorded in `StandInRecorder.addedRequests`; a request without a trigger is
    /// delivered before the call returns (`StandInRecorder.deliver(_:date:)`, dated now), one
    /// with a trigger is only recorded (the stand-in fires no triggers). Never fails (UNVERIFIED
    /// when iOS does: `notificationsNotAllowed`, for one); `completionHandler` gets `nil`.
    ///
    /// - Parameters:
    ///   - request: the request.
    ///   - completionHandler: gets `nil`, or the error.
    public func add(
        _ request: UNNotificationRequest, withCompletionHandler completionHandler: (@Sendable ((any Error)?) -> Void)? = nil
    ) {
        recorder.recordAdd(request)
        completionHandler?(nil)
    }

    /// Schedules a local notification; without a trigger it is delivered at once.
    ///
    /// Source: Apple's page, `func add(_ request: UNNotificationRequest) async throws`.
    /// Model: as `add(_:withCompletionHandler:)`.
    ///
    /// - Parameter request: the request.
    /// - Throws: never, in the stand-in's model.
    public func add(_ request: UNNotificationRequest) async throws {
        recorder.recordAdd(request)
    }
}
