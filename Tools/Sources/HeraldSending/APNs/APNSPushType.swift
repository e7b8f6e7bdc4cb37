/// `apns-push-type`: what kind of notification a request carries.
///
/// An open set, as Apple adds types: an unknown value survives as its string. Each known type
/// knows the topic suffix APNs requires for it, the largest payload it accepts and the priority
/// it must be sent at, if APNs fixes one. These are APNs's rules, written here once: the request
/// parser (`APNSRequest(parsing:)`), lint and `herald send apns` all read them from here.
public struct APNSPushType: RawRepresentable, Hashable, Sendable {
    /// The header's value, such as `alert`.
    public let rawValue: String

    /// - Parameter rawValue: the header's value; any string, known to APNs or not.
    public init(rawValue: String) { self.rawValue = rawValue }

    /// Shows an alert, plays a sound or sets a badge; what the extension runs for.
    public static let alert = Self(rawValue: "alert")
    /// Wakes the app with `content-available` and shows nothing.
    public static let background = Self(rawValue: "background")
    /// A PushKit VoIP call.
    public static let voip = Self(rawValue: "voip")
    /// A watchOS complication update.
    public static let complication = Self(rawValue: "complication")
    /// A File Provider extension's update.
    public static let fileProvider = Self(rawValue: "fileprovider")
    /// A device-management command.
    public static let mdm = Self(rawValue: "mdm")
    /// A Live Activity update.
    public static let liveActivity = Self(rawValue: "liveactivity")
    /// A location query.
    public static let location = Self(rawValue: "location")
    /// A Push to Talk update.
    public static let pushToTalk = Self(rawValue: "pushtotalk")
    /// A widget reload.
    public static let widgets = Self(rawValue: "widgets")
    /// A Control Center control reload.
    public static let controls = Self(rawValue: "controls")

    /// The type APNs takes when a request has no `apns-push-type` header.
    public static let `default` = alert

    /// Every type the reference lists.
    public static let known: [APNSPushType] = [
        .alert, .background, .voip, .complication, .fileProvider, .mdm, .liveActivity, .location,
        .pushToTalk, .widgets, .controls,
    ]

    /// Whether APNs documents this type.
    public var isKnown: Bool { Self.known.contains(self) }

    /// Reads an `apns-push-type` header's value as APNs does.
    ///
    /// - Parameter text: the header's value.
    /// - Throws: ``APNSRuleViolation/unknownPushType(_:)`` for a type APNs does not know.
    public init(headerValue text: String) throws(APNSRuleViolation) {
        self.init(rawValue: text)
        guard isKnown else { throw APNSRuleViolation.unknownPushType(self) }
    }

    /// The suffix `apns-topic` must end with for this type: `.voip` for VoIP, empty for alert
    /// and background (the bare bundle id), `nil` when APNs does not fix one (mdm, unknown types).
    public var topicSuffix: String? {
        switch self {
        case .alert, .background: ""
        case .voip: ".voip"
        case .complication: ".complication"
        case .fileProvider: ".pushkit.fileprovider"
        case .liveActivity: ".push-type.liveactivity"
        case .location: ".location-query"
        case .pushToTalk: ".voip-ptt"
        case .widgets: ".push-type.widgets"
        case .controls: ".push-type.controls"
        default: nil
        }
    }

    /// The largest body APNs accepts for this type, in bytes: 5120 for VoIP, 4096 otherwise.
    public var maximumPayloadByteCount: Int {
        self == .voip ? 5120 : 4096
    }

    /// The only priority APNs accepts for this type: 5 (``APNSPriority/considerPower``) for a
    /// background push; `nil` when any known priority goes.
    public var requiredPriority: APNSPriority? {
        self == .background ? .considerPower : nil
    }

    /// Checks the priority a notification of this type is sent at.
    ///
    /// - Parameter priority: the `apns-priority`; `nil` for none, which APNs takes as 10.
    /// - Returns: ``APNSRuleViolation/priorityNotAllowed(pushType:priority:required:)`` when this
    ///   type requires another priority; `nil` when APNs accepts it.
    public func violation(priority: APNSPriority?) -> APNSRuleViolation? {
        guard let required = requiredPriority, (priority ?? .default) != required else { return nil }
        return .priorityNotAllowed(pushType: self, priority: priority, required: required)
    }

    /// Checks the size of a payload of this type.
    ///
    /// - Parameter byteCount: the payload's size in bytes, as sent.
    /// - Returns: ``APNSRuleViolation/payloadTooLarge(byteCount:pushType:)`` when it is over
    ///   ``maximumPayloadByteCount``; `nil` when it fits.
    public func violation(payloadByteCount byteCount: Int) -> APNSRuleViolation? {
        byteCount > maximumPayloadByteCount ? .payloadTooLarge(byteCount: byteCount, pushType: self) : nil
    }
}
