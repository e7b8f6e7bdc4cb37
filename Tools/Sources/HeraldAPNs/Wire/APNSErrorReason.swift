/// The `reason` APNs gives for a refused notification.
///
/// An open set: a reason Apple adds later survives as its string. Each known reason knows its
/// HTTP status, whether sending again can help, and whether the device token should be deleted.
public struct APNSErrorReason: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }

    // 400
    public static let badCollapseID = Self(rawValue: "BadCollapseId")
    public static let badDeviceToken = Self(rawValue: "BadDeviceToken")
    public static let badExpirationDate = Self(rawValue: "BadExpirationDate")
    public static let badMessageID = Self(rawValue: "BadMessageId")
    public static let badPriority = Self(rawValue: "BadPriority")
    public static let badTopic = Self(rawValue: "BadTopic")
    public static let deviceTokenNotForTopic = Self(rawValue: "DeviceTokenNotForTopic")
    public static let duplicateHeaders = Self(rawValue: "DuplicateHeaders")
    public static let idleTimeout = Self(rawValue: "IdleTimeout")
    public static let invalidPushType = Self(rawValue: "InvalidPushType")
    public static let missingDeviceToken = Self(rawValue: "MissingDeviceToken")
    public static let missingTopic = Self(rawValue: "MissingTopic")
    public static let payloadEmpty = Self(rawValue: "PayloadEmpty")
    public static let topicDisallowed = Self(rawValue: "TopicDisallowed")
    // 403
    public static let badCertificate = Self(rawValue: "BadCertificate")
    public static let badCertificateEnvironment = Self(rawValue: "BadCertificateEnvironment")
    public static let expiredProviderToken = Self(rawValue: "ExpiredProviderToken")
    public static let forbidden = Self(rawValue: "Forbidden")
    public static let invalidProviderToken = Self(rawValue: "InvalidProviderToken")
    public static let missingProviderToken = Self(rawValue: "MissingProviderToken")
    public static let unrelatedKeyIDInToken = Self(rawValue: "UnrelatedKeyIdInToken")
    public static let badEnvironmentKeyIDInToken = Self(rawValue: "BadEnvironmentKeyIdInToken")
    // 404, 405
    public static let badPath = Self(rawValue: "BadPath")
    public static let methodNotAllowed = Self(rawValue: "MethodNotAllowed")
    // 410
    public static let expiredToken = Self(rawValue: "ExpiredToken")
    public static let unregistered = Self(rawValue: "Unregistered")
    // 413
    public static let payloadTooLarge = Self(rawValue: "PayloadTooLarge")
    // 429
    public static let tooManyProviderTokenUpdates = Self(rawValue: "TooManyProviderTokenUpdates")
    public static let tooManyRequests = Self(rawValue: "TooManyRequests")
    // 500, 503
    public static let internalServerError = Self(rawValue: "InternalServerError")
    public static let serviceUnavailable = Self(rawValue: "ServiceUnavailable")
    public static let shutdown = Self(rawValue: "Shutdown")

    /// The HTTP status APNs answers with for each reason, as the reference's table gives it.
    public static let statusByReason: [APNSErrorReason: Int] = {
        var table: [APNSErrorReason: Int] = [:]
        for reason in [badCollapseID, badDeviceToken, badExpirationDate, badMessageID, badPriority, badTopic, deviceTokenNotForTopic,
                       duplicateHeaders, idleTimeout, invalidPushType, missingDeviceToken, missingTopic, payloadEmpty, topicDisallowed] {
            table[reason] = 400
        }
        for reason in [badCertificate, badCertificateEnvironment, expiredProviderToken, forbidden, invalidProviderToken,
                       missingProviderToken, unrelatedKeyIDInToken, badEnvironmentKeyIDInToken] {
            table[reason] = 403
        }
        table[badPath] = 404
        table[methodNotAllowed] = 405
        table[expiredToken] = 410
        table[unregistered] = 410
        table[payloadTooLarge] = 413
        table[tooManyProviderTokenUpdates] = 429
        table[tooManyRequests] = 429
        table[internalServerError] = 500
        table[serviceUnavailable] = 503
        table[shutdown] = 503
        return table
    }()

    /// The status APNs uses for this reason; `nil` for a reason the reference does not list.
    public var status: Int? { Self.statusByReason[self] }

    /// Whether the device token should be deleted from the backend.
    ///
    /// True for a token APNs has retired (410 `Unregistered`, `ExpiredToken`) and for
    /// `BadDeviceToken`, which APNs also answers when the token belongs to the other
    /// environment: check ``isEnvironmentOrTopicMismatch`` first. `DeviceTokenNotForTopic` means
    /// the topic is wrong more often than the token, so it is not a delete hint.
    public var meansDeleteToken: Bool {
        [.badDeviceToken, .unregistered, .expiredToken].contains(self)
    }

    /// Whether the reason can mean the request went to the wrong environment (sandbox or
    /// production) or named the wrong topic, rather than a bad token.
    public var isEnvironmentOrTopicMismatch: Bool {
        [.badDeviceToken, .deviceTokenNotForTopic].contains(self)
    }

    public var description: String { rawValue }
}
