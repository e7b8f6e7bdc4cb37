import Foundation

/// The name of a sound file in the app's bundle or `Library/Sounds`.
///
/// Source: reference, UserNotifications:
/// `struct UNNotificationSoundName { init(_ rawValue: String); init(rawValue: String) }`.
/// Hashable, RawRepresentable and Sendable as Swift imports Apple's typed string enums.
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
