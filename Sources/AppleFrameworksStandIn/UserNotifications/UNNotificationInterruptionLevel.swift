import Foundation

/// How urgently a notification interrupts the user.
///
/// Source: reference, UserNotifications:
/// `enum UNNotificationInterruptionLevel : UInt { case passive = 0, active = 1, timeSensitive = 2, critical = 3 }  // iOS 15`.
/// Sendable because Swift imports Apple's NS_ENUMs as Sendable (Apple's pages list the
/// conformance for its imported enums, `UNError.Code` for one).
/// Availability: UNNotificationContent.h, `API_AVAILABLE(macos(12.0), ios(15.0), watchos(8.0),
/// tvos(15.0))` on the enum, none on its cases (iOS 15 SDK copy).
@available(iOS 15.0, macOS 12.0, watchOS 8.0, tvOS 15.0, *)
public enum UNNotificationInterruptionLevel: UInt, Sendable {
    /// Added to the list without lighting the screen or playing a sound.
    case passive = 0
    /// Presented immediately, lighting the screen and possibly playing a sound.
    case active = 1
    /// Presented immediately, breaking through Focus where allowed.
    case timeSensitive = 2
    /// Presented immediately, ignoring the mute switch and Focus (needs an entitlement).
    case critical = 3
}
