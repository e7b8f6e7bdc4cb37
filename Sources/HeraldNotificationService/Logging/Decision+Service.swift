import HeraldCore

extension Decision.Code {
    public static let groupPadded = Decision.Code(rawValue: "group-padded")
    public static let groupImageFromSender = Decision.Code(rawValue: "group-image-from-sender")
    public static let attachmentRefusedByIOS = Decision.Code(rawValue: "attachment-refused-by-ios")
    public static let communicationSkipped = Decision.Code(rawValue: "communication-skipped")
    public static let donationFailed = Decision.Code(rawValue: "donation-failed")
    public static let donationTimedOut = Decision.Code(rawValue: "donation-timed-out")
    public static let updateFailed = Decision.Code(rawValue: "update-failed")
    public static let subtitleRestored = Decision.Code(rawValue: "subtitle-restored")
    public static let configurationProblem = Decision.Code(rawValue: "configuration-problem")
    public static let parameterImagesUnavailable = Decision.Code(rawValue: "parameter-images-unavailable")
}
