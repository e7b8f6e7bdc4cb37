import HeraldCore

extension Decision.Code {
    /// A group with fewer than two recipients got placeholder recipients up to two, so iOS shows
    /// its group line (``GroupPadding``, ``CommunicationLayout``).
    public static let groupPadded = Decision.Code(rawValue: "group-padded")
    /// The group has no picture of its own: the sender's avatar is its image
    /// (``CommunicationLayout/groupImage``).
    public static let groupImageFromSender = Decision.Code(rawValue: "group-image-from-sender")
    /// An avatar was downloaded and is a usable image; the message gives its size and format.
    public static let avatarDownloaded = Decision.Code(rawValue: "avatar-downloaded")
    /// An avatar came from the avatar cache instead of the network.
    public static let avatarCached = Decision.Code(rawValue: "avatar-cached")
    /// An avatar download passed its deadline (``EnrichmentConfiguration/avatarTimeout`` or the
    /// budget), or was still running at delivery, and was cancelled.
    public static let avatarTimedOut = Decision.Code(rawValue: "avatar-timed-out")
    /// An avatar download failed: a transport error, an HTTP status other than success, or an error
    /// while reading the body.
    public static let avatarFailed = Decision.Code(rawValue: "avatar-failed")
    /// An avatar was downloaded but refused: over the byte limit, not an image format Herald reads,
    /// or over the pixel limit.
    public static let avatarRejected = Decision.Code(rawValue: "avatar-rejected")
    /// An avatar was not fetched: fetching is off, or its location is refused (plain http, a host
    /// not allowed, a local path on the phone).
    public static let avatarSkipped = Decision.Code(rawValue: "avatar-skipped")
    /// An avatar larger than ``EnrichmentConfiguration/avatarDisplaySize``: the phone downsamples it
    /// before use.
    public static let avatarNeedsDownsampling = Decision.Code(rawValue: "avatar-needs-downsampling")
    /// The avatar cache's folder cannot be used, nor a fallback: avatars are not cached.
    public static let avatarCacheUnavailable = Decision.Code(rawValue: "avatar-cache-unavailable")
    /// The avatar cache's folder cannot be used (on a phone, perhaps before first unlock): its
    /// fallback folder is used.
    public static let avatarCacheFallback = Decision.Code(rawValue: "avatar-cache-fallback")
    /// A downloaded avatar could not be written to the cache; it is still used.
    public static let avatarCacheWriteFailed = Decision.Code(rawValue: "avatar-cache-write-failed")
    /// An attachment was downloaded and saved; the message gives its size and type.
    public static let attachmentDownloaded = Decision.Code(rawValue: "attachment-downloaded")
    /// An attachment download passed its deadline (``EnrichmentConfiguration/attachmentTimeout`` or
    /// the budget), or was still running at delivery, and was cancelled; a partial file is removed.
    public static let attachmentTimedOut = Decision.Code(rawValue: "attachment-timed-out")
    /// An attachment download failed: a transport error, an HTTP status other than success, a file
    /// that cannot be saved, or an error while reading.
    public static let attachmentFailed = Decision.Code(rawValue: "attachment-failed")
    /// An attachment was refused: an empty body, a type iOS cannot attach, or more bytes than its
    /// kind's limit.
    public static let attachmentRejected = Decision.Code(rawValue: "attachment-rejected")
    /// An attachment was not fetched: fetching is off, or its location is refused.
    public static let attachmentSkipped = Decision.Code(rawValue: "attachment-skipped")
    /// More attachments than ``EnrichmentConfiguration/maximumAttachmentDownloads``: the rest are not
    /// fetched.
    public static let attachmentsDropped = Decision.Code(rawValue: "attachments-dropped")
    /// The key provider did not answer within the budget, so the payload is used as received.
    public static let budgetExhausted = Decision.Code(rawValue: "budget-exhausted")
    /// The content was delivered before the pipeline finished
    /// (``EnrichmentSession/expire(because:)``, by default when the extension's time expires),
    /// with what it had reached by then.
    public static let expired = Decision.Code(rawValue: "expired")
    /// The finishing step after the pipeline threw, so the content was delivered without it.
    public static let finishFailed = Decision.Code(rawValue: "finish-failed")
    /// Delivered notifications a push's ``/HeraldCore/MessageAction`` names were removed, and iOS's
    /// list no longer shows them (`NotificationRemover`).
    public static let notificationsRemoved = Decision.Code(rawValue: "notifications-removed")
    /// A push's ``/HeraldCore/MessageAction`` names no notification iOS still shows: nothing was
    /// removed.
    public static let nothingToRemove = Decision.Code(rawValue: "nothing-to-remove")
    /// Removal was asked for, but iOS's list still showed the notifications (or did not answer)
    /// when the removal's time ran out: they may stay on screen.
    public static let removalUnconfirmed = Decision.Code(rawValue: "removal-unconfirmed")
    /// The run has no ``DeliveredNotificationCenter`` (`herald preview`): the removal a push's
    /// ``/HeraldCore/MessageAction`` asks for is described, not done.
    public static let removalSkipped = Decision.Code(rawValue: "removal-skipped")
    /// The app's unread count changed (``BadgeCounter``), or was set to the payload's badge.
    public static let badgeCounted = Decision.Code(rawValue: "badge-counted")
    /// The unread count could not change: the extension keeps none (no app group), or its file
    /// cannot be used. The badge is left as the payload sets it.
    public static let badgeNotCounted = Decision.Code(rawValue: "badge-not-counted")
    /// A retraction delivered as empty content, which shows nothing: the app has the filtering
    /// entitlement (``EnrichmentConfiguration/retractFallback`` is `filtered`).
    public static let retractionHidden = Decision.Code(rawValue: "retraction-hidden")
    /// A retraction delivered with its own text ("Message deleted") in the place of what it
    /// removed, as the app chose (``EnrichmentConfiguration/retractFallback`` is `visible`).
    public static let retractionVisible = Decision.Code(rawValue: "retraction-visible")
    /// A retraction whose text iOS shows although the app did not choose that: the extension has
    /// no `RetractFallback` setting, or it says `background` and the push came as an alert.
    public static let retractionShown = Decision.Code(rawValue: "retraction-shown")
    /// How the sender is named to iOS, which decides whether Focus can recognise them
    /// (``CommunicationLayout/senderMatch``): a matched contact, a phone or email handle, or the
    /// app's id only.
    public static let senderMatch = Decision.Code(rawValue: "sender-match")
    /// A sender or group without a picture gets its initials drawn on a colour chosen from its
    /// id (``CommunicationLayout/senderInitials``, ``CommunicationLayout/groupInitials``).
    public static let initialsDrawn = Decision.Code(rawValue: "initials-drawn")
    /// A sender or group has no picture and the extension's `InitialsAvatar` setting is off:
    /// iOS shows its own default.
    public static let noPicture = Decision.Code(rawValue: "no-picture")
    /// A push that carries only ids had its message fetched from the app's server
    /// (``ContentSource``) and written over it.
    public static let contentFetched = Decision.Code(rawValue: "content-fetched")
    /// A push that carries only ids could not have its message fetched: the message says why
    /// (``ContentFetchFailure/reason``: timeout, 401, too-large, malformed, …), and the fallback
    /// text is shown.
    public static let contentNotFetched = Decision.Code(rawValue: "content-not-fetched")
    /// The app's server was told the push arrived (``ContentSource/acknowledgementTemplate``).
    public static let contentAcknowledged = Decision.Code(rawValue: "content-acknowledged")
    /// The acknowledgement could not be sent, or the server refused it.
    public static let contentNotAcknowledged = Decision.Code(rawValue: "content-not-acknowledged")
    /// The app's contact map (``ContactMap``) exists but cannot be read: the sender is named by
    /// their handle alone.
    public static let contactMapUnreadable = Decision.Code(rawValue: "contact-map-unreadable")
}
