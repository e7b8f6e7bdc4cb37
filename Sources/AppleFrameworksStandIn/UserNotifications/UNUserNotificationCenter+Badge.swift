import Foundation

// The app icon's badge.
//
// Source: Apple's documentation page (developer.apple.com/documentation/usernotifications/
// unusernotificationcenter/setbadgecount(_:withcompletionhandler:)): `func setBadgeCount(_
// newBadgeCount: Int, withCompletionHandler completionHandler: (@Sendable ((any Error)?) -> Void)?
// = nil)`, callable as `func setBadgeCount(_ newBadgeCount: Int) async throws`.
// Availability: that page, iOS 16.0, macOS 13.0, tvOS 16.0 (and visionOS), no watchOS, so
// watchOS is marked unavailable as the convention for page-only sources says. UNVERIFIED: the
// header's own attribute (no SDK copy with this method was read; Airship's public code calls it
// under `#if !os(watchOS)` and `#available(iOS 16.0, tvOS 16.0, ...)`, which agrees).
extension UNUserNotificationCenter {
    /// Sets the number on the app's icon; 0 clears it.
    ///
    /// Source: Apple's page, above.
    /// Model: kept in `StandInRecorder.badgeCount` and appended to `StandInRecorder.badgeCounts`;
    /// never fails, and `completionHandler` gets `nil` before the call returns. UNVERIFIED: iOS
    /// answers a negative count with an error (`UNError.Code` 1600, badgeInputInvalid, which the
    /// stand-in's `UNError` leaves out); the stand-in records it like any other.
    ///
    /// - Parameters:
    ///   - newBadgeCount: the number to show.
    ///   - completionHandler: gets `nil`, or the error.
    @available(iOS 16.0, macOS 13.0, tvOS 16.0, *)
    @available(watchOS, unavailable)
    public func setBadgeCount(
        _ newBadgeCount: Int, withCompletionHandler completionHandler: (@Sendable ((any Error)?) -> Void)? = nil
    ) {
        recorder.recordBadgeCount(newBadgeCount)
        completionHandler?(nil)
    }

    /// Sets the number on the app's icon; 0 clears it.
    ///
    /// Source: Apple's page, `func setBadgeCount(_ newBadgeCount: Int) async throws`.
    /// Model: as `setBadgeCount(_:withCompletionHandler:)`.
    ///
    /// - Parameter newBadgeCount: the number to show.
    /// - Throws: never, in the stand-in's model.
    @available(iOS 16.0, macOS 13.0, tvOS 16.0, *)
    @available(watchOS, unavailable)
    public func setBadgeCount(_ newBadgeCount: Int) async throws {
        recorder.recordBadgeCount(newBadgeCount)
    }
}
