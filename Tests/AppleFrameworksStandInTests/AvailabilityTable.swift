// Apple's availability for every public declaration of the stand-in (Intents/ and
// UserNotifications/), written as the stand-in must spell it: the `@available` attributes directly
// above the declaration, in order. `[]` means Apple's declaration carries none of its own and has
// its enclosing type's availability. Each row says where its attributes come from; the stand-in's
// doc comments give the same sources at greater length, and AppleFrameworksStandIn.swift the
// spelling rules. The notification center's rows are in AvailabilityTable+NotificationCenter.swift.

/// One declaration's expected `@available` attributes and where they come from.
struct AvailabilityRow {
    /// As `ScannedDeclaration.key`.
    var key: String
    var attributes: [String]
    var source: String
}

/// The sources the rows cite.
enum AppleSource {
    static let reference =
        "docs/architecture.md, \"Apple facts the phone side relies on\""
        + " (Intents.swiftinterface and UserNotifications headers, iOS 16.5 and 18.0 SDKs)"
    static let notificationContentHeader =
        "UNNotificationContent.h, iOS 15 SDK copy (the xamarin/xamarin-macios wiki page"
        + " \"UserNotifications iOS xcode13.0 beta2\" diffs the same lines; iOS 13 copy in"
        + " mkalmes/moby UserNotifications.framework.h)"
    static let userNotificationsHeaders =
        "mkalmes/moby UserNotifications.framework.h, the iOS 13 SDK's UserNotifications headers"
    static let soundHeader =
        "UNNotificationSound.h (iOS 13 SDK copy in mkalmes/moby UserNotifications.framework.h; a later"
        + " copy is identical)"
    static let errorHeader =
        "UNError.h, iOS 15 SDK copy (with codes 1500, 1501; no attribute on any case) and Apple's pages"
        + " developer.apple.com/documentation/usernotifications/unerror, /unerror/code and their members"
    static let personHeader = "INPerson.h, \"Copyright (c) 2016-2020\" (iOS 15 SDK copy)"
    static let personHandleHeader =
        "INPersonHandle.h, \"Copyright (c) 2016-2020\"; developer.apple.com/documentation/intents/inpersonhandle"
    static let imageHeader =
        "INImage.h, \"Copyright (c) 2016-2020\"; developer.apple.com/documentation/intents/inimage"
    static let speakableStringHeader =
        "INSpeakableString.h, \"Copyright (c) 2016-2020\"; developer.apple.com/documentation/intents/inspeakablestring"
    static let donationMetadataHeader =
        "INSendMessageIntentDonationMetadata.h, \"Copyright (c) 2016-2021\"; reference (recipientCount iOS 15, macOS 12)"
    static let iOS15Interface =
        "iOS 15 SDK generated Swift interface, DougGregor/swift-concurrency-objc iOS/Intents (iOS only)"

    /// Apple's documentation page at developer.apple.com/documentation/`path`.
    static func page(_ path: String) -> String { "developer.apple.com/documentation/\(path)" }
}

extension AvailabilityRow {
    /// How many rows the table has, and how many public declarations the stand-in's Intents/ and
    /// UserNotifications/ folders must have: both are asserted, so neither a row nor a
    /// declaration can go missing without the count being changed here on purpose.
    static let expectedCount = 256

    static let all: [AvailabilityRow] = intents + userNotifications + notificationCenter

    // MARK: - Intents

    static let intents: [AvailabilityRow] = [
        // INImage.swift
        .init("class INImage", ["@available(iOS 10.0, macOS 11.0, watchOS 3.2, tvOS 14.0, *)"], AppleSource.imageHeader),
        .init("init INImage.init(named:)", [], AppleSource.imageHeader + "; no attribute on +imageNamed:"),
        .init("init INImage.init(imageData:)", [], AppleSource.imageHeader + "; no attribute on +imageWithImageData:"),
        .init("init INImage.init?(url:)", [], AppleSource.imageHeader + "; no attribute on +imageWithURL:"),

        // INIntent+SetImage.swift
        .init(
            "protocol _INIntentSetImageKeyPath", ["@available(iOS 10.0, macOS 11.0, watchOS 3.2, tvOS 14.0, *)"],
            AppleSource.reference + "; older sources (swiftlang/swift overlay, iOS 15 interface) carry none"),
        .init(
            "func _INIntentSetImageKeyPath.setImage(_:forParameterNamed:)",
            [
                "@available(iOS 12.0, watchOS 5.0, *)", "@available(macOS, unavailable)",
                "@available(tvOS, unavailable)",
            ], AppleSource.reference),
        .init(
            "func _INIntentSetImageKeyPath.image(forParameterNamed:)",
            [
                "@available(iOS 12.0, watchOS 5.0, *)", "@available(macOS, unavailable)",
                "@available(tvOS, unavailable)",
            ], AppleSource.reference),
        .init(
            "extension INIntent: _INIntentSetImageKeyPath", ["@available(iOS 10.0, macOS 11.0, watchOS 3.2, tvOS 14.0, *)"],
            AppleSource.iOS15Interface + ", Intents.swift and INIntent.swift"),

        // INIntent.swift
        .init(
            "class INIntent", ["@available(iOS 10.0, macOS 11.0, watchOS 3.2, tvOS 14.0, *)"],
            AppleSource.page("intents/inintent")),
        .init(
            "var INIntent.donationMetadata", ["@available(iOS 15.0, macOS 12.0, watchOS 8.0, tvOS 15.0, *)"],
            AppleSource.page("intents/inintent/donationmetadata") + "; reference (iOS 15)"),

        // INIntentDonationMetadata.swift
        .init(
            "class INIntentDonationMetadata", ["@available(iOS 15.0, macOS 12.0, watchOS 8.0, tvOS 15.0, *)"],
            AppleSource.page("intents/inintentdonationmetadata")),

        // INIntentResponse.swift
        .init(
            "class INIntentResponse", ["@available(iOS 10.0, macOS 11.0, watchOS 3.2, tvOS 14.0, *)"],
            AppleSource.page("intents/inintentresponse")),

        // INInteraction.swift
        .init(
            "class INInteraction", ["@available(iOS 10.0, macOS 11.0, watchOS 3.2, tvOS 14.0, *)"],
            AppleSource.page("intents/ininteraction")),
        .init("init INInteraction.init(intent:response:)", [], AppleSource.iOS15Interface + ", INInteraction.swift"),
        .init(
            "var INInteraction.direction", [],
            AppleSource.page("intents/ininteraction/direction") + " (the class's versions)"),
        .init(
            "func INInteraction.donate(completion:)", [],
            AppleSource.page("intents/ininteraction/donate(completion:)") + " (the class's versions)"),
        .init(
            "func INInteraction.donate()", [],
            "UNVERIFIED: Swift's async import of -donateInteractionWithCompletion:, which has the class's"
                + " availability; no page or header line of its own"),

        // INInteractionDirection.swift
        .init(
            "enum INInteractionDirection", ["@available(iOS 10.0, macOS 11.0, watchOS 3.2, tvOS 14.0, *)"],
            AppleSource.page("intents/ininteractiondirection")),
        .init(
            "case INInteractionDirection.unspecified", [],
            AppleSource.page("intents/ininteractiondirection/unspecified") + " (the enum's versions)"),
        .init("case INInteractionDirection.outgoing", [], AppleSource.page("intents/ininteractiondirection")),
        .init("case INInteractionDirection.incoming", [], AppleSource.page("intents/ininteractiondirection")),

        // INOutgoingMessageType.swift
        .init(
            "enum INOutgoingMessageType", ["@available(iOS 14.0, macOS 12.0, watchOS 7.0, *)", "@available(tvOS, unavailable)"],
            AppleSource.page("intents/inoutgoingmessagetype") + " (no tvOS); reference (iOS 14)"),
        .init("case INOutgoingMessageType.unknown", [], AppleSource.page("intents/inoutgoingmessagetype")),
        .init(
            "case INOutgoingMessageType.outgoingMessageText", [],
            AppleSource.page("intents/inoutgoingmessagetype/outgoingmessagetext") + " (the enum's versions)"),
        .init("case INOutgoingMessageType.outgoingMessageAudio", [], AppleSource.page("intents/inoutgoingmessagetype")),

        // INPerson.swift
        .init(
            "class INPerson", ["@available(iOS 10.0, macOS 11.0, watchOS 3.2, *)", "@available(tvOS, unavailable)"],
            AppleSource.personHeader),
        .init("init INPerson.init()", ["@available(*, unavailable)"], AppleSource.personHeader + ", - init NS_UNAVAILABLE"),
        .init(
            "init INPerson.init(personHandle:nameComponents:displayName:image:contactIdentifier:customIdentifier:isMe:)",
            ["@available(iOS 12.0, watchOS 5.0, *)"], AppleSource.personHeader),
        .init(
            "init INPerson.init(personHandle:nameComponents:displayName:image:contactIdentifier:customIdentifier:)",
            [], AppleSource.personHeader),
        .init(
            "init INPerson.init(personHandle:nameComponents:displayName:image:contactIdentifier:customIdentifier:isMe:suggestionType:)",
            ["@available(iOS 15.0, macOS 12.0, watchOS 8.0, *)"], AppleSource.personHeader),
        .init(
            "init INPerson.init(personHandle:nameComponents:displayName:image:contactIdentifier:customIdentifier:isContactSuggestion:suggestionType:)",
            ["@available(iOS 15.0, macOS 12.0, watchOS 8.0, *)"], AppleSource.personHeader),
        .init(
            "init INPerson.init(personHandle:nameComponents:displayName:image:contactIdentifier:customIdentifier:aliases:suggestionType:)",
            [], AppleSource.personHeader + ", INPerson (INInteraction) category"),
        .init("var INPerson.personHandle", [], AppleSource.personHeader),
        .init("var INPerson.displayName", [], AppleSource.personHeader),
        .init("var INPerson.image", [], AppleSource.personHeader),
        .init("var INPerson.contactIdentifier", [], AppleSource.personHeader),
        .init("var INPerson.customIdentifier", [], AppleSource.personHeader),

        // INPersonHandle.swift
        .init(
            "class INPersonHandle", ["@available(iOS 10.0, macOS 11.0, watchOS 3.2, *)", "@available(tvOS, unavailable)"],
            AppleSource.personHandleHeader),
        .init(
            "init INPersonHandle.init(value:type:label:)", ["@available(iOS 10.2, *)"],
            "reference (iOS 10.2); older INPersonHandle.h copies; "
                + AppleSource.page("intents/inpersonhandle/init(value:type:label:)")
                + " (macOS 11.0, watchOS 3.1). UNVERIFIED: whether the current header names macOS or watchOS"),
        .init(
            "init INPersonHandle.init(value:type:)", [],
            AppleSource.page("intents/inpersonhandle/init(value:type:)") + " (the class's versions)"),

        // INPersonHandleLabel.swift
        .init(
            "struct INPersonHandleLabel", [],
            "INPersonHandleLabel.h: the typedef carries no attribute; " + AppleSource.page("intents/inpersonhandlelabel")
                + " lists no platform"),
        .init("var INPersonHandleLabel.rawValue", [], "INPersonHandleLabel.h (the imported struct's member)"),
        .init("init INPersonHandleLabel.init(_:)", [], "INPersonHandleLabel.h (the imported struct's member)"),
        .init("init INPersonHandleLabel.init(rawValue:)", [], "INPersonHandleLabel.h (the imported struct's member)"),

        // INPersonHandleType.swift
        .init(
            "enum INPersonHandleType", ["@available(iOS 10.0, macOS 11.0, watchOS 3.2, *)", "@available(tvOS, unavailable)"],
            AppleSource.personHandleHeader),
        .init("case INPersonHandleType.unknown", [], AppleSource.personHandleHeader),
        .init("case INPersonHandleType.emailAddress", [], AppleSource.personHandleHeader),
        .init("case INPersonHandleType.phoneNumber", [], AppleSource.personHandleHeader),

        // INPersonSuggestionType.swift
        .init(
            "enum INPersonSuggestionType", ["@available(iOS 10.0, macOS 11.0, watchOS 3.2, *)", "@available(tvOS, unavailable)"],
            AppleSource.personHeader),
        .init(
            "case INPersonSuggestionType.none", ["@available(iOS 12.0, watchOS 5.0, *)"],
            AppleSource.personHeader + ", INPersonSuggestionTypeNone API_AVAILABLE(ios(12.0), watchos(5.0))"),
        .init("case INPersonSuggestionType.socialProfile", [], AppleSource.personHeader),
        .init("case INPersonSuggestionType.instantMessageAddress", [], AppleSource.personHeader),

        // INSendMessageAttachment.swift
        .init(
            "class INSendMessageAttachment", ["@available(iOS 14.0, macOS 12.0, watchOS 7.0, *)", "@available(tvOS, unavailable)"],
            AppleSource.page("intents/insendmessageattachment") + " (no tvOS)"),

        // INSendMessageIntent.swift
        .init(
            "class INSendMessageIntent", ["@available(iOS 10.0, macOS 12.0, watchOS 3.2, *)", "@available(tvOS, unavailable)"],
            AppleSource.page("intents/insendmessageintent") + " (no tvOS); reference (iOS 10)"),
        .init(
            "init INSendMessageIntent.init(recipients:outgoingMessageType:content:speakableGroupName:conversationIdentifier:serviceName:sender:attachments:)",
            ["@available(iOS 14.0, macOS 12.0, watchOS 7.0, *)"],
            AppleSource.page(
                "intents/insendmessageintent/init(recipients:outgoingmessagetype:content:speakablegroupname:conversationidentifier:servicename:sender:attachments:)"
            ) + "; reference (iOS 14)"),
        .init("var INSendMessageIntent.sender", [], AppleSource.iOS15Interface + ", INSendMessageIntent.swift"),
        .init(
            "var INSendMessageIntent.speakableGroupName", ["@available(iOS 11.0, watchOS 4.0, *)"],
            AppleSource.iOS15Interface + " (iOS 11.0); INSendMessageIntent.h of 2017 (watchOS 4.0)."
                + " UNVERIFIED: macOS (that header's 10.13 predates the class's 12.0)"),
        .init(
            "extension INSendMessageIntent: UNNotificationContentProviding",
            ["@available(iOS 15.0, macOS 12.0, watchOS 8.0, *)", "@available(tvOS, unavailable)"],
            "reference (iOS 15). UNVERIFIED: macOS, watchOS, tvOS, copied from INStartCallIntent+UserNotifications.h,"
                + " the twin of the unread INSendMessageIntent+UserNotifications.h"),

        // INSendMessageIntentDonationMetadata.swift
        .init(
            "class INSendMessageIntentDonationMetadata",
            ["@available(iOS 15.0, macOS 12.0, watchOS 8.0, *)", "@available(tvOS, unavailable)"],
            AppleSource.donationMetadataHeader),
        .init("init INSendMessageIntentDonationMetadata.init()", [], AppleSource.donationMetadataHeader),
        .init("var INSendMessageIntentDonationMetadata.mentionsCurrentUser", [], AppleSource.donationMetadataHeader),
        .init("var INSendMessageIntentDonationMetadata.isReplyToCurrentUser", [], AppleSource.donationMetadataHeader),
        .init("var INSendMessageIntentDonationMetadata.notifyRecipientAnyway", [], AppleSource.donationMetadataHeader),
        .init("var INSendMessageIntentDonationMetadata.recipientCount", [], AppleSource.donationMetadataHeader),

        // INSpeakableString.swift
        .init(
            "class INSpeakableString", ["@available(iOS 10.0, macOS 11.0, watchOS 3.2, *)"],
            AppleSource.speakableStringHeader + " (no tvOS in the header; the page gives tvOS 10.0)"),
        .init(
            "init INSpeakableString.init(spokenPhrase:)", ["@available(iOS 10.2, *)"],
            AppleSource.speakableStringHeader + ", API_AVAILABLE(ios(10.2)); reference (iOS 10.2)"),
    ]

    // MARK: - UserNotifications

    static let userNotifications: [AvailabilityRow] = [
        // UNError.swift
        .init(
            "let UNErrorDomain", ["@available(iOS 10.0, macOS 10.14, watchOS 3.0, tvOS 10.0, *)"],
            "UNError.h; " + AppleSource.page("usernotifications/unerrordomain")),
        .init("struct UNError", ["@available(iOS 10.0, macOS 10.14, watchOS 3.0, tvOS 10.0, *)"], AppleSource.errorHeader),
        .init("enum UNError.Code", [], AppleSource.errorHeader),
        .init("case UNError.Code.attachmentInvalidURL", [], AppleSource.errorHeader),
        .init("case UNError.Code.attachmentUnrecognizedType", [], AppleSource.errorHeader),
        .init("case UNError.Code.attachmentInvalidFileSize", [], AppleSource.errorHeader),
        .init("case UNError.Code.attachmentNotInDataStore", [], AppleSource.errorHeader),
        .init("case UNError.Code.attachmentMoveIntoDataStoreFailed", [], AppleSource.errorHeader),
        .init("case UNError.Code.attachmentCorrupt", [], AppleSource.errorHeader),
        .init("case UNError.Code.contentProvidingObjectNotAllowed", [], AppleSource.errorHeader),
        .init("case UNError.Code.contentProvidingInvalid", [], AppleSource.errorHeader),
        .init("let UNError.code", [], AppleSource.errorHeader),
        .init("init UNError.init(_:)", [], AppleSource.errorHeader),
        .init("var UNError.errorDomain", [], AppleSource.errorHeader),
        .init("var UNError.errorCode", [], AppleSource.errorHeader),
        .init("var UNError.errorUserInfo", [], AppleSource.errorHeader),
        .init("var UNError.attachmentInvalidURL", [], AppleSource.errorHeader),
        .init("var UNError.attachmentUnrecognizedType", [], AppleSource.errorHeader),
        .init("var UNError.attachmentInvalidFileSize", [], AppleSource.errorHeader),
        .init("var UNError.attachmentNotInDataStore", [], AppleSource.errorHeader),
        .init("var UNError.attachmentMoveIntoDataStoreFailed", [], AppleSource.errorHeader),
        .init("var UNError.attachmentCorrupt", [], AppleSource.errorHeader),
        .init(
            "var UNError.contentProvidingObjectNotAllowed", [],
            AppleSource.page("usernotifications/unerror/contentprovidingobjectnotallowed") + " (the struct's versions)"),
        .init("var UNError.contentProvidingInvalid", [], AppleSource.errorHeader),
        .init("func UNError.Code.~=(_:_:)", [], "Swift's _ErrorCodeProtocol operator, which carries no attribute"),

        // UNMutableNotificationContent.swift
        .init(
            "class UNMutableNotificationContent", ["@available(iOS 10.0, macOS 10.14, watchOS 3.0, tvOS 10.0, *)"],
            AppleSource.notificationContentHeader),
        .init("var UNMutableNotificationContent.title", ["@available(tvOS, unavailable)"], AppleSource.notificationContentHeader),
        .init("var UNMutableNotificationContent.subtitle", ["@available(tvOS, unavailable)"], AppleSource.notificationContentHeader),
        .init("var UNMutableNotificationContent.body", ["@available(tvOS, unavailable)"], AppleSource.notificationContentHeader),
        .init("var UNMutableNotificationContent.badge", [], AppleSource.notificationContentHeader),
        .init("var UNMutableNotificationContent.sound", ["@available(tvOS, unavailable)"], AppleSource.notificationContentHeader),
        .init("var UNMutableNotificationContent.userInfo", ["@available(tvOS, unavailable)"], AppleSource.notificationContentHeader),
        .init(
            "var UNMutableNotificationContent.attachments", ["@available(tvOS, unavailable)"],
            AppleSource.notificationContentHeader),
        .init(
            "var UNMutableNotificationContent.categoryIdentifier", ["@available(tvOS, unavailable)"],
            AppleSource.notificationContentHeader),
        .init(
            "var UNMutableNotificationContent.threadIdentifier", ["@available(tvOS, unavailable)"],
            AppleSource.notificationContentHeader),
        .init(
            "var UNMutableNotificationContent.launchImageName",
            ["@available(macOS, unavailable)", "@available(tvOS, unavailable)"], AppleSource.notificationContentHeader),
        .init(
            "var UNMutableNotificationContent.summaryArgument",
            [
                "@available(iOS, introduced: 12.0, deprecated: 15.0, message: \"summaryArgument is ignored\")",
                "@available(watchOS, introduced: 5.0, deprecated: 8.0, message: \"summaryArgument is ignored\")",
                "@available(tvOS, introduced: 12.0, deprecated: 15.0, message: \"summaryArgument is ignored\")",
            ], AppleSource.notificationContentHeader),
        .init(
            "var UNMutableNotificationContent.summaryArgumentCount",
            [
                "@available(iOS, introduced: 12.0, deprecated: 15.0, message: \"summaryArgumentCount is ignored\")",
                "@available(watchOS, introduced: 5.0, deprecated: 8.0, message: \"summaryArgumentCount is ignored\")",
                "@available(tvOS, introduced: 12.0, deprecated: 15.0, message: \"summaryArgumentCount is ignored\")",
            ], AppleSource.notificationContentHeader),
        .init(
            "var UNMutableNotificationContent.targetContentIdentifier", ["@available(iOS 13.0, *)"],
            AppleSource.notificationContentHeader),
        .init(
            "var UNMutableNotificationContent.interruptionLevel",
            ["@available(iOS 15.0, macOS 12.0, watchOS 8.0, tvOS 15.0, *)"], AppleSource.notificationContentHeader),
        .init(
            "var UNMutableNotificationContent.relevanceScore",
            ["@available(iOS 15.0, macOS 12.0, watchOS 8.0, tvOS 15.0, *)"], AppleSource.notificationContentHeader),
        .init(
            "var UNMutableNotificationContent.filterCriteria",
            ["@available(iOS 16.0, macOS 13.0, watchOS 9.0, *)", "@available(tvOS, unavailable)"],
            AppleSource.reference + "; " + AppleSource.page("usernotifications/unnotificationcontent/filtercriteria")),

        // UNNotificationAttachment.swift
        .init(
            "class UNNotificationAttachment", ["@available(iOS 10.0, macOS 10.14, watchOS 3.0, *)", "@available(tvOS, unavailable)"],
            AppleSource.userNotificationsHeaders + ", UNNotificationAttachment.h"),
        .init("init UNNotificationAttachment.init(identifier:url:options:)", [], AppleSource.userNotificationsHeaders),
        .init("var UNNotificationAttachment.identifier", [], AppleSource.userNotificationsHeaders),
        .init("var UNNotificationAttachment.url", [], AppleSource.userNotificationsHeaders),
        .init("var UNNotificationAttachment.type", [], AppleSource.userNotificationsHeaders),

        // UNNotificationAttachmentOptions.swift
        .init(
            "let UNNotificationAttachmentOptionsTypeHintKey",
            ["@available(iOS 10.0, macOS 10.14, watchOS 3.0, *)", "@available(tvOS, unavailable)"],
            AppleSource.userNotificationsHeaders + ", UNNotificationAttachment.h"),
        .init(
            "let UNNotificationAttachmentOptionsThumbnailHiddenKey",
            ["@available(iOS 10.0, macOS 10.14, watchOS 3.0, *)", "@available(tvOS, unavailable)"],
            AppleSource.userNotificationsHeaders + ", UNNotificationAttachment.h"),
        .init(
            "let UNNotificationAttachmentOptionsThumbnailClippingRectKey",
            ["@available(iOS 10.0, macOS 10.14, watchOS 3.0, *)", "@available(tvOS, unavailable)"],
            AppleSource.userNotificationsHeaders + ", UNNotificationAttachment.h"),
        .init(
            "let UNNotificationAttachmentOptionsThumbnailTimeKey",
            ["@available(iOS 10.0, macOS 10.14, watchOS 3.0, *)", "@available(tvOS, unavailable)"],
            AppleSource.userNotificationsHeaders + ", UNNotificationAttachment.h"),

        // UNNotificationContent.swift
        .init(
            "class UNNotificationContent", ["@available(iOS 10.0, macOS 10.14, watchOS 3.0, tvOS 10.0, *)"],
            AppleSource.notificationContentHeader),
        .init("init UNNotificationContent.init()", [], "NSObject's init(), which the header leaves available"),
        .init("var UNNotificationContent.title", ["@available(tvOS, unavailable)"], AppleSource.notificationContentHeader),
        .init("var UNNotificationContent.subtitle", ["@available(tvOS, unavailable)"], AppleSource.notificationContentHeader),
        .init("var UNNotificationContent.body", ["@available(tvOS, unavailable)"], AppleSource.notificationContentHeader),
        .init("var UNNotificationContent.badge", [], AppleSource.notificationContentHeader),
        .init("var UNNotificationContent.sound", ["@available(tvOS, unavailable)"], AppleSource.notificationContentHeader),
        .init("var UNNotificationContent.userInfo", ["@available(tvOS, unavailable)"], AppleSource.notificationContentHeader),
        .init("var UNNotificationContent.attachments", ["@available(tvOS, unavailable)"], AppleSource.notificationContentHeader),
        .init(
            "var UNNotificationContent.categoryIdentifier", ["@available(tvOS, unavailable)"],
            AppleSource.notificationContentHeader),
        .init(
            "var UNNotificationContent.threadIdentifier", ["@available(tvOS, unavailable)"],
            AppleSource.notificationContentHeader),
        .init(
            "var UNNotificationContent.launchImageName", ["@available(macOS, unavailable)", "@available(tvOS, unavailable)"],
            AppleSource.notificationContentHeader),
        .init(
            "var UNNotificationContent.summaryArgument",
            [
                "@available(iOS, introduced: 12.0, deprecated: 15.0, message: \"summaryArgument is ignored\")",
                "@available(watchOS, introduced: 5.0, deprecated: 8.0, message: \"summaryArgument is ignored\")",
                "@available(tvOS, introduced: 12.0, deprecated: 15.0, message: \"summaryArgument is ignored\")",
            ], AppleSource.notificationContentHeader),
        .init(
            "var UNNotificationContent.summaryArgumentCount",
            [
                "@available(iOS, introduced: 12.0, deprecated: 15.0, message: \"summaryArgumentCount is ignored\")",
                "@available(watchOS, introduced: 5.0, deprecated: 8.0, message: \"summaryArgumentCount is ignored\")",
                "@available(tvOS, introduced: 12.0, deprecated: 15.0, message: \"summaryArgumentCount is ignored\")",
            ], AppleSource.notificationContentHeader),
        .init(
            "var UNNotificationContent.targetContentIdentifier", ["@available(iOS 13.0, *)"],
            AppleSource.notificationContentHeader),
        .init(
            "var UNNotificationContent.interruptionLevel", ["@available(iOS 15.0, macOS 12.0, watchOS 8.0, tvOS 15.0, *)"],
            AppleSource.notificationContentHeader),
        .init(
            "var UNNotificationContent.relevanceScore", ["@available(iOS 15.0, macOS 12.0, watchOS 8.0, tvOS 15.0, *)"],
            AppleSource.notificationContentHeader),
        .init(
            "var UNNotificationContent.filterCriteria",
            ["@available(iOS 16.0, macOS 13.0, watchOS 9.0, *)", "@available(tvOS, unavailable)"],
            AppleSource.reference + "; " + AppleSource.page("usernotifications/unnotificationcontent/filtercriteria")),
        .init(
            "func UNNotificationContent.updating(from:)", ["@available(iOS 15.0, macOS 12.0, watchOS 8.0, tvOS 15.0, *)"],
            AppleSource.notificationContentHeader + ", -contentByUpdatingWithProvider:error:"),
        .init("func UNNotificationContent.copy(with:)", [], "NSCopying, adopted by the class"),
        .init("func UNNotificationContent.mutableCopy(with:)", [], "NSMutableCopying, adopted by the class"),
        .init("var UNNotificationContent.supportsSecureCoding", [], "NSSecureCoding, adopted by the class"),
        .init("func UNNotificationContent.encode(with:)", [], "NSSecureCoding, adopted by the class"),
        .init("init UNNotificationContent.init?(coder:)", [], "NSSecureCoding, adopted by the class"),

        // UNNotificationContentProviding.swift
        .init(
            "protocol UNNotificationContentProviding", ["@available(iOS 15.0, macOS 12.0, watchOS 8.0, tvOS 15.0, *)"],
            AppleSource.notificationContentHeader),

        // UNNotificationInterruptionLevel.swift
        .init(
            "enum UNNotificationInterruptionLevel", ["@available(iOS 15.0, macOS 12.0, watchOS 8.0, tvOS 15.0, *)"],
            AppleSource.notificationContentHeader),
        .init("case UNNotificationInterruptionLevel.passive", [], AppleSource.notificationContentHeader),
        .init("case UNNotificationInterruptionLevel.active", [], AppleSource.notificationContentHeader),
        .init("case UNNotificationInterruptionLevel.timeSensitive", [], AppleSource.notificationContentHeader),
        .init("case UNNotificationInterruptionLevel.critical", [], AppleSource.notificationContentHeader),

        // UNNotificationRequest.swift
        .init(
            "class UNNotificationRequest", ["@available(iOS 10.0, macOS 10.14, watchOS 3.0, tvOS 10.0, *)"],
            AppleSource.userNotificationsHeaders + ", UNNotificationRequest.h"),
        .init(
            "init UNNotificationRequest.init()", ["@available(*, unavailable)"],
            AppleSource.userNotificationsHeaders + ", - init NS_UNAVAILABLE"),
        .init(
            "init UNNotificationRequest.init(identifier:content:trigger:)", [],
            AppleSource.userNotificationsHeaders + ", +requestWithIdentifier:content:trigger:"),
        .init("var UNNotificationRequest.identifier", [], AppleSource.userNotificationsHeaders),
        .init("var UNNotificationRequest.content", [], AppleSource.userNotificationsHeaders),
        .init("var UNNotificationRequest.trigger", [], AppleSource.userNotificationsHeaders),

        // UNNotificationServiceExtension.swift
        .init(
            "class UNNotificationServiceExtension", ["@available(iOS 10.0, macOS 10.14, watchOS 6.0, *)", "@available(tvOS, unavailable)"],
            AppleSource.userNotificationsHeaders + ", UNNotificationServiceExtension.h; "
                + AppleSource.page("usernotifications/unnotificationserviceextension")),
        .init("init UNNotificationServiceExtension.init()", [], "NSObject's init(), which the header leaves available"),
        .init(
            "func UNNotificationServiceExtension.didReceive(_:withContentHandler:)", [],
            AppleSource.userNotificationsHeaders + ", UNNotificationServiceExtension.h"),
        .init(
            "func UNNotificationServiceExtension.serviceExtensionTimeWillExpire()", [],
            AppleSource.userNotificationsHeaders + ", UNNotificationServiceExtension.h"),

        // UNNotificationSound.swift
        .init(
            "class UNNotificationSound", ["@available(iOS 10.0, macOS 10.14, watchOS 3.0, *)", "@available(tvOS, unavailable)"],
            AppleSource.soundHeader),
        .init("init UNNotificationSound.init()", ["@available(*, unavailable)"], AppleSource.soundHeader + ", - init NS_UNAVAILABLE"),
        .init("var UNNotificationSound.default", [], AppleSource.soundHeader + ", defaultSound"),
        .init(
            "init UNNotificationSound.init(named:)", ["@available(watchOS, unavailable)", "@available(tvOS, unavailable)"],
            AppleSource.soundHeader + ", +soundNamed:; " + AppleSource.page("usernotifications/unnotificationsound/init(named:)")),
        .init(
            "var UNNotificationSound.defaultCritical", ["@available(iOS 12.0, watchOS 5.0, *)", "@available(tvOS, unavailable)"],
            AppleSource.soundHeader + ", defaultCriticalSound; reference (iOS 12)"),
        .init(
            "func UNNotificationSound.criticalSoundNamed(_:withAudioVolume:)",
            ["@available(iOS 12.0, *)", "@available(watchOS, unavailable)", "@available(tvOS, unavailable)"],
            AppleSource.soundHeader + ", +criticalSoundNamed:withAudioVolume:; reference (iOS 12)"),
        .init(
            "func UNNotificationSound.defaultCriticalSound(withAudioVolume:)",
            ["@available(iOS 12.0, watchOS 5.0, *)", "@available(tvOS, unavailable)"],
            AppleSource.soundHeader + ", +defaultCriticalSoundWithAudioVolume:; " + AppleSource.reference),
        .init("func UNNotificationSound.copy(with:)", [], "NSCopying, adopted by the class"),

        // UNNotificationSoundName.swift
        .init(
            "struct UNNotificationSoundName", [],
            "UNNotificationSound.h: the typedef carries no attribute (the page "
                + AppleSource.page("usernotifications/unnotificationsoundname") + " lists the framework's versions)"),
        .init("var UNNotificationSoundName.rawValue", [], "UNNotificationSound.h (the imported struct's member)"),
        .init("init UNNotificationSoundName.init(_:)", [], "UNNotificationSound.h (the imported struct's member)"),
        .init("init UNNotificationSoundName.init(rawValue:)", [], "UNNotificationSound.h (the imported struct's member)"),

        // UNNotificationTrigger.swift
        .init(
            "class UNNotificationTrigger", ["@available(iOS 10.0, macOS 10.14, watchOS 3.0, tvOS 10.0, *)"],
            AppleSource.userNotificationsHeaders + ", UNNotificationTrigger.h"),
        .init(
            "init UNNotificationTrigger.init()", ["@available(*, unavailable)"],
            AppleSource.userNotificationsHeaders + ", - init NS_UNAVAILABLE"),
        .init("var UNNotificationTrigger.repeats", [], AppleSource.userNotificationsHeaders + ", UNNotificationTrigger.h"),
        .init("func UNNotificationTrigger.copy(with:)", [], "NSCopying, adopted by the class"),
    ]
}

extension AvailabilityRow {
    init(_ key: String, _ attributes: [String], _ source: String) {
        self.init(key: key, attributes: attributes, source: source)
    }
}
