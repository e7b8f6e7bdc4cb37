/// A notification extension target `herald doctor` found, and the app that embeds it.
public struct NotificationExtension: Hashable, Sendable {
    public enum Kind: String, Hashable, Sendable {
        /// `com.apple.usernotifications.service`: changes the content before it is shown.
        case service
        /// `com.apple.usernotifications.content-extension`: draws the expanded notification.
        case content
    }

    public let target: String
    public let kind: Kind
    /// The application target that embeds it (or, when none does, the likely one).
    public let app: String?
    /// For a content extension, the `aps.category` values it is shown for, in every configuration.
    public internal(set) var categories: [String]
}
