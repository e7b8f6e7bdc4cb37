import HeraldCore

/// Where the extension's decisions go.
///
/// On Apple platforms: `os.Logger` with subsystem ``subsystem`` and category ``category``,
/// which an app filters in Console (`subsystem:dev.herald`). Elsewhere nothing is written; a
/// subclass of the service (or a test) overrides `CommunicationNotificationService.log(_:)`,
/// which receives every decision whatever the configured level.
///
/// Each decision is written at its code's ``level(of:)``, and only when that level is at or
/// above the Info.plist `LogLevel` (default `info`).
public enum DecisionLog {
    /// The `os.Logger` subsystem, `dev.herald`: filter Console with `subsystem:dev.herald`.
    public static let subsystem = "dev.herald"
    /// The `os.Logger` category, `notification-service`.
    public static let category = "notification-service"

    /// The level a decision is logged at.
    ///
    /// - `error`: one of Herald's own steps failed and the notification lost something because
    ///   of it (decryption, donation, update, configuration, expiry, an avatar that could not
    ///   be downsampled and was dropped).
    /// - `debug`: routine outcomes (downloaded, cached, decrypted, layout found, subtitle restored).
    /// - `info`: everything else, such as a failed or refused download, and any code Herald
    ///   does not know.
    ///
    /// - Parameter code: the decision's code.
    /// - Returns: its level.
    public static func level(of code: Decision.Code) -> ServiceConfiguration.LogLevel {
        if errorCodes.contains(code) { return .error }
        if debugCodes.contains(code) { return .debug }
        return .info
    }

    /// Whether a decision is written under a configured minimum level.
    static func shouldWrite(_ code: Decision.Code, minimum: ServiceConfiguration.LogLevel) -> Bool {
        level(of: code) >= minimum
    }

    private static let errorCodes: Set<Decision.Code> = [
        .decryptionFailed, .donationFailed, .donationTimedOut, .updateFailed, .configurationProblem,
        .finishFailed, .expired, .attachmentRefusedByIOS, .avatarDropped,
    ]

    private static let debugCodes: Set<Decision.Code> = [
        .layoutDetected, .layoutChosen, .oneSignalDataLocation, .threadFromConversation, .groupNameFromSubtitle,
        .valueTypeCoerced, .decrypted, .avatarDownloaded, .avatarCached, .avatarNeedsDownsampling, .avatarDownsampled,
        .attachmentDownloaded, .subtitleRestored, .groupPadded,
    ]
}
