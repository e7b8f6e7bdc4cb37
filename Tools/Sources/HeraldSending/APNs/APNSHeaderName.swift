/// The names of the headers APNs reads and answers with, lowercase as HTTP/2 sends them.
public enum APNSHeaderName {
    /// `apns-push-type`: an ``APNSPushType``.
    public static let pushType = "apns-push-type"
    /// `apns-topic`: the app's bundle id, with the push type's suffix.
    public static let topic = "apns-topic"
    /// `apns-priority`: an ``APNSPriority``.
    public static let priority = "apns-priority"
    /// `apns-expiration`: UNIX seconds.
    public static let expiration = "apns-expiration"
    /// `apns-collapse-id`: notifications with the same one replace each other on the device.
    public static let collapseID = "apns-collapse-id"
    /// `apns-id`: the notification's UUID, in a request and in the answer.
    public static let id = "apns-id"
    /// `apns-unique-id`: in a development answer, the id Apple's console looks it up by.
    public static let uniqueID = "apns-unique-id"
    /// `authorization`: `bearer` and the provider token.
    public static let authorization = "authorization"

    /// The request headers APNs reads, each of which may appear once.
    public static let requestHeaders = [pushType, topic, priority, expiration, collapseID, id, authorization]
}
