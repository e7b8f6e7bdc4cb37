/// Where a provider puts a message's fields in a push payload, for decoding and for encoding.
///
/// One layout serves both ends: the extension decodes `userInfo` with it and a server encodes a
/// ``Message`` with it, so the two never drift. Built-in layouts are ``apns``, ``fcm``,
/// ``oneSignal``, ``notifee`` and ``expo``; ``detect(in:)`` picks one, and ``init(definition:)`` reads a
/// custom layout (the JSON file `herald preview --layout-file` takes, and the Info.plist
/// dictionary the extension reads).
public struct Layout: Hashable, Sendable {
    /// Where the provider puts custom data in the payload.
    public enum Container: String, Hashable, Sendable {
        /// Top-level keys beside `aps`.
        case apns
        /// Top-level keys beside `aps`, every value a string (FCM data messages).
        case fcm
        /// `custom.a` (classic) or top-level keys beside `os_data` (newer SDKs).
        case oneSignal
        /// The `body` object (Expo's push service; expo-notifications shows it as the
        /// notification's `data`), or top-level keys when there is none.
        case expo
    }

    /// The name a user passes to `--layout` and that a preview reports.
    public var name: String
    /// Where the data root is: the fields' pointers are relative to it.
    public var container: Container
    /// Where each message field is, relative to the data root.
    public var fields: FieldPointers
    /// Where attachment URLs are; all sources are read and merged.
    public var attachments: [AttachmentSource]
    /// Where a group name is taken from when ``fields`` give none: subtitles, relative to the
    /// payload.
    public var groupNameFallbacks: [JSONPointer]

    /// - Parameters: see the properties.
    public init(
        name: String, container: Container, fields: FieldPointers, attachments: [AttachmentSource],
        groupNameFallbacks: [JSONPointer] = []
    ) {
        self.name = name
        self.container = container
        self.fields = fields
        self.attachments = attachments
        self.groupNameFallbacks = groupNameFallbacks
    }
}
