import HeraldCore

extension Decision.Code {
    /// `UNNotificationAttachment` refused a downloaded file; the notification goes without it.
    public static let attachmentRefusedByIOS = Decision.Code(rawValue: "attachment-refused-by-ios")
    /// No communication layout: the payload cannot be read, or it names no sender. The content
    /// is delivered without it.
    public static let communicationSkipped = Decision.Code(rawValue: "communication-skipped")
    /// The intent donation failed, so the content is delivered without the communication layout.
    public static let donationFailed = Decision.Code(rawValue: "donation-failed")
    /// The intent donation did not finish within
    /// ``CommunicationNotificationService/donationTimeout``, so the content is delivered without
    /// the communication layout.
    public static let donationTimedOut = Decision.Code(rawValue: "donation-timed-out")
    /// `updating(from:)` threw, so the content is delivered without the communication layout.
    public static let updateFailed = Decision.Code(rawValue: "update-failed")
    /// `updating(from:)` cleared the subtitle, and Herald put it back.
    public static let subtitleRestored = Decision.Code(rawValue: "subtitle-restored")
    /// An Info.plist `Herald` entry was ignored (unknown key, wrong type or value); one of
    /// ``ServiceConfiguration/problems``.
    public static let configurationProblem = Decision.Code(rawValue: "configuration-problem")
    /// macOS has no intent parameter images: the avatar is set on the sender only, and a group
    /// has no picture.
    public static let parameterImagesUnavailable = Decision.Code(rawValue: "parameter-images-unavailable")
}
