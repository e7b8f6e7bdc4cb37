/// `apns-push-type`: what kind of notification a request carries.
///
/// An open set, as Apple adds types: an unknown value survives as its string. Each known type
/// knows the topic suffix APNs requires for it and the largest payload it accepts.
public struct APNSPushType: RawRepresentable, Hashable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }

    public static let alert = Self(rawValue: "alert")
    public static let background = Self(rawValue: "background")
    public static let voip = Self(rawValue: "voip")
    public static let complication = Self(rawValue: "complication")
    public static let fileProvider = Self(rawValue: "fileprovider")
    public static let mdm = Self(rawValue: "mdm")
    public static let liveActivity = Self(rawValue: "liveactivity")
    public static let location = Self(rawValue: "location")
    public static let pushToTalk = Self(rawValue: "pushtotalk")
    public static let widgets = Self(rawValue: "widgets")
    public static let controls = Self(rawValue: "controls")

    /// Every type the reference lists.
    public static let known: [APNSPushType] = [
        .alert, .background, .voip, .complication, .fileProvider, .mdm, .liveActivity, .location,
        .pushToTalk, .widgets, .controls,
    ]

    /// Whether APNs documents this type.
    public var isKnown: Bool { Self.known.contains(self) }

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
}
