import Foundation

/// Read-only access, for tests, to what the stand-in's objects hold beyond the reference's
/// public surface: Apple's types do hold these values, but the reference does not confirm a
/// public accessor for them, so the stand-in keeps them off the types themselves.
///
/// Stand-in only; no Apple counterpart.
public enum StandInInspection {
    /// What an `INImage` was made from.
    public enum ImageSource: Hashable, Sendable {
        case named(String)
        case data(Data)
        case url(URL)
    }

    /// What a `UNNotificationSound` is.
    public enum SoundKind: Hashable, Sendable {
        /// `UNNotificationSound.default`.
        case `default`
        /// `UNNotificationSound(named:)`.
        case named(UNNotificationSoundName)
        /// `defaultCritical` (no name, no volume), `defaultCriticalSound(withAudioVolume:)` (no
        /// name) or `criticalSoundNamed(_:withAudioVolume:)`.
        case critical(name: UNNotificationSoundName?, volume: Float?)
    }

    /// What a `UNNotificationActionIcon` shows.
    public enum IconImage: Hashable, Sendable {
        /// `UNNotificationActionIcon(systemImageName:)`: an SF Symbol's name.
        case system(String)
        /// `UNNotificationActionIcon(templateImageName:)`: an image name in the app's bundle.
        case template(String)
    }

    /// The values an `INPersonHandle` was created with.
    public struct Handle: Hashable, Sendable {
        public var value: String?
        public var type: INPersonHandleType
        public var label: INPersonHandleLabel?
    }

    /// The values an `INPerson` initializer was given, beyond its public properties.
    /// `displayName` is the one given (`nil` when none), not the derived `INPerson.displayName`.
    public struct Person {
        public var personHandle: INPersonHandle
        public var nameComponents: PersonNameComponents?
        public var displayName: String?
        public var isMe: Bool
        public var suggestionType: INPersonSuggestionType
        public var isContactSuggestion: Bool
        public var aliases: [INPersonHandle]?
    }

    /// The values an `INSendMessageIntent` was created with.
    public struct Message {
        public var recipients: [INPerson]?
        public var outgoingMessageType: INOutgoingMessageType
        public var content: String?
        public var speakableGroupName: INSpeakableString?
        public var conversationIdentifier: String?
        public var serviceName: String?
        public var sender: INPerson?
        public var attachments: [INSendMessageAttachment]?
    }

    /// What `image` was made from: a name, bytes or a URL.
    public static func source(of image: INImage) -> ImageSource { image.source }

    /// What `sound` is.
    public static func sound(_ sound: UNNotificationSound) -> SoundKind { sound.kind }

    /// The image `icon` was created with.
    public static func icon(_ icon: UNNotificationActionIcon) -> IconImage { icon.image }

    /// The phrase `string` was created with.
    public static func spokenPhrase(of string: INSpeakableString) -> String { string.storedSpokenPhrase }

    /// The values `handle` was created with.
    public static func handle(_ handle: INPersonHandle) -> Handle {
        Handle(value: handle.value, type: handle.type, label: handle.label)
    }

    /// The values `person` was created with.
    public static func person(_ person: INPerson) -> Person {
        let fields = person.fields
        return Person(
            personHandle: fields.personHandle, nameComponents: fields.nameComponents, displayName: fields.displayName,
            isMe: fields.isMe, suggestionType: fields.suggestionType, isContactSuggestion: fields.isContactSuggestion,
            aliases: fields.aliases)
    }

    /// The values `intent` was created with.
    public static func message(_ intent: INSendMessageIntent) -> Message {
        Message(
            recipients: intent.storedRecipients, outgoingMessageType: intent.storedOutgoingMessageType,
            content: intent.storedContent, speakableGroupName: intent.storedSpeakableGroupName,
            conversationIdentifier: intent.storedConversationIdentifier, serviceName: intent.storedServiceName,
            sender: intent.storedSender, attachments: intent.storedAttachments)
    }

    /// The intent and response `interaction` was created with.
    public static func intent(of interaction: INInteraction) -> (intent: INIntent, response: INIntentResponse?) {
        (interaction.intent, interaction.response)
    }

    /// The options `attachment` was created with.
    public static func options(of attachment: UNNotificationAttachment) -> [AnyHashable: Any] { attachment.options }

    /// The provider of the `updating(from:)` that made `content` (or the content it was copied
    /// from, unless `StandInBehavior.copiesKeepContentProvider` was false at the update); `nil`
    /// for content never updated.
    public static func contentProvider(of content: UNNotificationContent) -> (any UNNotificationContentProviding)? {
        content.fields.contentProvider
    }
}
