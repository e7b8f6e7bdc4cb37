import HeraldCore

extension Decision.Code {
    public static let avatarDownloaded = Decision.Code(rawValue: "avatar-downloaded")
    public static let avatarCached = Decision.Code(rawValue: "avatar-cached")
    public static let avatarTimedOut = Decision.Code(rawValue: "avatar-timed-out")
    public static let avatarFailed = Decision.Code(rawValue: "avatar-failed")
    public static let avatarRejected = Decision.Code(rawValue: "avatar-rejected")
    public static let avatarSkipped = Decision.Code(rawValue: "avatar-skipped")
    public static let avatarNeedsDownsampling = Decision.Code(rawValue: "avatar-needs-downsampling")
    public static let avatarCacheUnavailable = Decision.Code(rawValue: "avatar-cache-unavailable")
    public static let avatarCacheFallback = Decision.Code(rawValue: "avatar-cache-fallback")
    public static let avatarCacheWriteFailed = Decision.Code(rawValue: "avatar-cache-write-failed")
    public static let attachmentDownloaded = Decision.Code(rawValue: "attachment-downloaded")
    public static let attachmentTimedOut = Decision.Code(rawValue: "attachment-timed-out")
    public static let attachmentFailed = Decision.Code(rawValue: "attachment-failed")
    public static let attachmentRejected = Decision.Code(rawValue: "attachment-rejected")
    public static let attachmentSkipped = Decision.Code(rawValue: "attachment-skipped")
    public static let attachmentsDropped = Decision.Code(rawValue: "attachments-dropped")
    public static let budgetExhausted = Decision.Code(rawValue: "budget-exhausted")
    public static let expired = Decision.Code(rawValue: "expired")
    public static let finishFailed = Decision.Code(rawValue: "finish-failed")
}
