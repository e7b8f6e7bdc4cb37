import Foundation

/// The name of a sound file in the app's bundle or `Library/Sounds`.
///
/// Source: reference, UserNotifications:
/// `struct UNNotificationSoundName { init(_ rawValue: String); init(rawValue: String) }`.
/// Hashable, RawRepresentable and Sendable as Swift imports Apple's typed string enums.
/// Availability: none. UNNotificationSound.h declares `typedef NSString *UNNotificationSoundName
/// NS_EXTENSIBLE_STRING_ENUM;` without an availability attribute, so the imported struct and its
/// members carry none (Apple's documentation page lists the framework's own versions: iOS 10.0,
/// macOS 10.14, watchOS 3.0, tvOS 10.0).
public struct UNNotificationSoundName: Hashable, RawRepresentable, Sendable {
    /// The file name.
    public var rawValue: String

    /// A sound name from a file name.
    public init(_ rawValue: String) {
        self.rawValue = rawValue
    }

    /// A sound name from a file name.
    public init(rawValue: String) {
        self.rawValue = rawValue
    }
}
