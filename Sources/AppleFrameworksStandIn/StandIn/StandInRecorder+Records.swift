import Foundation

// What a StandInRecorder keeps. The records hold the stand-in's classes, which like Apple's are
// not Sendable, so neither are the records. Stand-in only; no Apple counterpart.
extension StandInRecorder {
    /// One `INInteraction.donate` call.
    public struct Donation {
        /// Which of the two `donate` methods was called.
        public enum Style: Hashable, Sendable {
            case completionHandler
            case async
        }

        /// The interaction donated.
        public let interaction: INInteraction
        /// Its intent (the same instance, not a copy).
        public let intent: INIntent
        /// The interaction's direction at the call.
        public let direction: INInteractionDirection
        /// The intent's images at the call, by parameter name (`"sender"`,
        /// `"speakableGroupName"`): an image set after donating is not in the donation.
        public let parameterImages: [String: INImage]
        /// Which `donate` was called.
        public let style: Style
        /// How the stand-in ended it.
        public let outcome: StandInBehavior.DonationOutcome
    }

    /// One `UNNotificationContent.updating(from:)` call.
    public struct ContentUpdate {
        /// The content `updating(from:)` was called on.
        public let original: UNNotificationContent
        /// The provider it was given.
        public let provider: any UNNotificationContentProviding
        /// The returned content, or the error thrown.
        public let result: Result<UNNotificationContent, UNError>
        /// Whether an interaction with this very intent had been donated to the same recorder
        /// before the call (Apple's guide: donate first, then update).
        public let providerWasDonated: Bool
        /// Whether the stand-in's model treated the message as a group one.
        public let treatedAsGroup: Bool
    }

    /// One `setImage(_:forParameterNamed:)` call.
    public struct ImageAssignment {
        /// The intent the image was set on.
        public let intent: INIntent
        /// The parameter's name, or `nil` when the key path is not in the stand-in's table;
        /// then the call did nothing, as Apple's does for a key path it cannot name.
        public let parameterName: String?
        /// The image; `nil` removed the parameter's image.
        public let image: INImage?
    }
}
