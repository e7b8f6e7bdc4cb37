extension Layout {
    /// Plain APNs: custom data as top-level keys beside `aps`.
    public static let apns = standard("apns", .apns)

    /// Firebase Cloud Messaging: top-level keys, every value a string (objects are JSON text).
    public static let fcm = standard("fcm", .fcm)

    /// OneSignal: data at `custom.a` (classic), or top-level beside `os_data` (newer SDKs).
    public static let oneSignal = standard("onesignal", .oneSignal)

    /// Notifee (React Native) over FCM: `notifee_options.ios.communicationInfo`.
    public static let notifee = standard("notifee", .fcm, fields: .notifeeFirst)

    /// Expo's push service: data in the `body` object, `experienceId` and `scopeKey` beside it.
    public static let expo = standard("expo", .expo)

    /// A built-in layout: every known spelling, every attachment source, subtitle fallbacks.
    private static func standard(_ name: String, _ container: Container, fields: FieldPointers = .communicationFirst) -> Layout {
        Layout(name: name, container: container, fields: fields, attachments: standardAttachments, groupNameFallbacks: subtitleFallbacks)
    }

    /// Every built-in layout, in the order detection prefers them.
    public static let builtIn: [Layout] = [.notifee, .oneSignal, .expo, .fcm, .apns]

    /// The built-in layout with this name, or `nil`.
    public static func builtIn(named name: String) -> Layout? {
        builtIn.first { $0.name == name.lowercased() }
    }

    /// Content subtitles, the group name's last resort: `aps.alert.subtitle`, then OneSignal's.
    static let subtitleFallbacks: [JSONPointer] = ["/aps/alert/subtitle", "/custom/a/subtitle", "/os_data/subtitle"].map(pointer)

    /// Every attachment spelling Herald knows. Herald's own `attachments` comes first: it is
    /// what encoding writes.
    static let standardAttachments: [AttachmentSource] = [
        AttachmentSource(url: pointer("/attachments")),
        AttachmentSource(url: pointer("/att"), isInData: false),
        AttachmentSource(url: pointer("/os_data/att"), isInData: false),
        AttachmentSource(url: pointer("/fcm_options/image"), isInData: false),
        AttachmentSource(url: pointer("/ab/att/url"), declaredType: pointer("/ab/att/type"), isInData: false),
        AttachmentSource(url: pointer("/com.urbanairship.media_attachment/url"), isInData: false),
        AttachmentSource(url: pointer("/com.urbanairship.media_attachment/urls"), isInData: false),
        AttachmentSource(url: pointer("/notifee_options/ios/attachments"), isInData: false),
        AttachmentSource(url: pointer("/notifee_options/image"), isInData: false),
        AttachmentSource(url: pointer("/_richContent/image")),
        AttachmentSource(url: pointer("/CIO/push/image"), isInData: false),
        AttachmentSource(url: pointer("/itbl/attachment-url"), declaredType: pointer("/itbl/attachment-type"), isInData: false),
        AttachmentSource(url: pointer("/rich-media"), declaredType: pointer("/rich-media-type"), isInData: false),
        AttachmentSource(url: pointer("/attachment-url"), isInData: false),
        AttachmentSource(url: pointer("/data/attachment-url"), isInData: false),
    ]

    /// A pointer written in source; a malformed literal is a programming error.
    @_spi(HeraldTools) public static func pointer(_ text: String) -> JSONPointer {
        guard let pointer = JSONPointer(text) else { preconditionFailure("malformed built-in pointer \(text)") }
        return pointer
    }
}

extension FieldPointers {
    /// The reference extension's `communication` block first, then flat keys, then Notifee.
    static let communicationFirst = FieldPointers(
        communication: true, flat: true, notifee: true)

    /// Notifee's `communicationInfo` first (what encoding writes), then the others.
    static let notifeeFirst = FieldPointers(notifee: true).followed(by: FieldPointers(communication: true, flat: true))

    private init(communication: Bool = false, flat: Bool = false, notifee: Bool = false) {
        self.init()
        let p = Layout.pointer
        if communication {
            messageIdentifier += [p("/communication/message_id")]
            replaces += [p("/communication/replaces")]
            retracts += [p("/communication/retracts")]
            clearsConversation += [p("/communication/clears_conversation")]
            retractFallback += [p("/communication/retract_fallback")]
            badgeIncrement += [p("/communication/badge_increment")]
            senderName += [p("/communication/sender_name")]
            senderIdentifier += [p("/communication/sender_uid"), p("/communication/sender_id")]
            senderAvatarURL += [p("/communication/avatar_url")]
            senderHandle += [p("/communication/sender_handle")]
            senderHandleKind += [p("/communication/sender_handle_kind")]
            senderGivenName += [p("/communication/sender_given_name")]
            senderFamilyName += [p("/communication/sender_family_name")]
            conversationIdentifier += [p("/communication/conversation_id")]
            groupName += [p("/communication/group_name")]
            groupAvatarURL += [p("/communication/group_avatar_url")]
            recipients += [p("/communication/recipients")]
            mentionsCurrentUser += [p("/communication/mentions_current_user")]
            isReplyToCurrentUser += [p("/communication/is_reply_to_current_user")]
            fetchContent += [p("/communication/fetch_content")]
        }
        if flat {
            // Sendbird's, Telegram's and Matrix (Sygnal)'s spellings of a message's id.
            messageIdentifier += [p("/message_id"), p("/msg_id"), p("/event_id")]
            senderName += [p("/sender_name"), p("/sender_nickname")]
            senderIdentifier += [p("/sender_id")]
            senderAvatarURL += [p("/sender_image_url")]
            senderHandle += [p("/sender_email")]
            conversationIdentifier += [p("/chat-session_id")]
        }
        if notifee {
            let info = "/notifee_options/ios/communicationInfo"
            senderName += [p(info + "/sender/displayName")]
            senderIdentifier += [p(info + "/sender/id")]
            senderAvatarURL += [p(info + "/sender/avatar")]
            conversationIdentifier += [p(info + "/conversationId")]
            groupName += [p(info + "/groupName")]
            groupAvatarURL += [p(info + "/groupAvatar")]
        }
    }
}
