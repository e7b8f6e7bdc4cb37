/// A notification extension target `herald doctor` found, and the apps that embed it.
public struct NotificationExtension: Hashable, Sendable {
    public enum Kind: String, Hashable, Sendable {
        /// `com.apple.usernotifications.service`: changes the content before it is shown.
        case service
        /// `com.apple.usernotifications.content-extension`: draws the expanded notification.
        case content
    }

    public let target: String
    public let kind: Kind
    /// The application targets that embed it, in the project's order (or, when none does, the
    /// likely one; none when there is no likely one either).
    public internal(set) var apps: [String]
    /// For a content extension, the `aps.category` values it is shown for, in every configuration.
    public internal(set) var categories: [String]
}
