import Foundation

/// A label for a person handle, such as "home" or "work".
///
/// Source: the reference uses the type (`label: INPersonHandleLabel?`) without declaring it.
/// UNVERIFIED: its shape; modelled on the reference's `UNNotificationSoundName`, as Swift imports
/// every Objective-C typed string enum this way. Apple's static labels (`.home`, `.work`, ...)
/// are not declared.
/// Availability: none. INPersonHandleLabel.h declares `typedef NSString *INPersonHandleLabel`
/// (NS_EXTENSIBLE_STRING_ENUM, later NS_TYPED_EXTENSIBLE_ENUM) without an availability attribute;
/// only its constants (`.home`, ...) carry one, and Apple's documentation page lists no platform
/// for the type.
public struct INPersonHandleLabel: Hashable, RawRepresentable, Sendable {
    /// The label's string.
    public var rawValue: String

    /// A label from its string.
    public init(_ rawValue: String) {
        self.rawValue = rawValue
    }

    /// A label from its string.
    public init(rawValue: String) {
        self.rawValue = rawValue
    }
}
