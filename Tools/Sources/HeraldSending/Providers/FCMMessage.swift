import Foundation
@_spi(HeraldTools) import HeraldCore

/// A message as Firebase Cloud Messaging's HTTP v1 API takes it for an iPhone: the body of
/// `POST https://fcm.googleapis.com/v1/projects/<project>/messages:send`.
///
/// The payload Herald builds goes whole into the message's APNs override, `apns.payload`, which
/// FCM hands to APNs as it is, its objects kept as objects, with FCM's own keys added
/// (`gcm.message_id`, `google.c.*`); `apns.headers` carries the push type, the priority and the
/// collapse id. Nothing goes in `notification` or `data` (whose values FCM takes as strings
/// only): either would also reach an Android device, which this message is not written for.
///
/// Sources: the FCM v1 reference (`projects.messages`, `ApnsConfig`); `herald convert` reads
/// such a body back the way FCM delivers it (docs/provider-requests.md).
public struct FCMMessage: Hashable, Sendable {
    /// Whom FCM sends it to: exactly one of its `token`, `topic` and `condition`.
    public enum Target: Hashable, Sendable {
        /// An app instance's FCM registration token.
        case token(String)
        /// Every app instance subscribed to the topic.
        case topic(String)
        /// Topics combined, such as `'chat' in topics && 'ios' in topics`.
        case condition(String)
    }

    /// The largest payload Herald builds for FCM: APNs's 4096 bytes, less 256 for the keys FCM
    /// adds to it (`gcm.message_id`, `google.c.sender.id`, and `google.c.a.*` with analytics).
    public static let maximumPayloadByteCount = APNSPushType.alert.maximumPayloadByteCount - 256

    /// Whom it goes to; `nil` writes a template without one, for the backend to fill in.
    public var target: Target?
    /// The payload, as the phone receives it (FCM's keys aside).
    public var payload: BuiltPayload
    /// `alert`, or `background` for a background payload (a retraction for the app's
    /// background fallback).
    public var pushType: APNSPushType { payload.isBackground ? .background : .alert }
    /// The `apns-collapse-id`; by default the payload's (``BuiltPayload/collapseID``).
    public var collapseID: String?

    /// A message with `payload`, sent as an alert push unless `aps` has no alert.
    ///
    /// - Parameters:
    ///   - payload: built by ``PayloadBuilder`` (``init(_:layout:sealing:to:)`` builds with the
    ///     `fcm` layout and ``maximumPayloadByteCount``).
    ///   - target: whom FCM sends it to; `nil` for a template.
    public init(_ payload: BuiltPayload, to target: Target?) {
        self.target = target
        self.payload = payload
        self.collapseID = payload.collapseID
    }

    /// Builds `outgoing` for FCM: with the `fcm` layout (or another), the size limit FCM leaves
    /// (``maximumPayloadByteCount``), and the given sealing; as a background push when it
    /// retracts for the app's background fallback.
    ///
    /// - Throws: ``PayloadBuildError``, as ``PayloadBuilder/build(_:)`` and
    ///   ``PayloadBuilder/buildBackground(_:)`` do.
    public init(_ outgoing: OutgoingMessage, layout: Layout = .fcm, sealing: PayloadBuilder.Sealing? = nil, to target: Target?) throws(PayloadBuildError) {
        let builder = PayloadBuilder(layout: layout, maximumByteCount: Self.maximumPayloadByteCount, sealing: sealing)
        self.init(try builder.buildAsNeeded(outgoing), to: target)
    }

    /// The request body: `{"message": {<target>, "apns": {"headers", "payload"}}}`, the
    /// headers' values as strings, as FCM takes them.
    public func body() -> JSONValue {
        var headers: [String: JSONValue] = [
            APNSHeaderName.pushType: .string(pushType.rawValue),
            APNSHeaderName.priority: .string(String((pushType.requiredPriority ?? .immediately).rawValue)),
        ]
        headers[APNSHeaderName.collapseID] = collapseID.map(JSONValue.string)
        var message: [String: JSONValue] = ["apns": ["headers": .object(headers), "payload": payload.json]]
        switch target {
        case .token(let token)?: message["token"] = .string(token)
        case .topic(let topic)?: message["topic"] = .string(topic)
        case .condition(let condition)?: message["condition"] = .string(condition)
        case nil: break
        }
        return ["message": .object(message)]
    }

    /// ``body()`` as compact JSON bytes, keys sorted: what goes on the wire.
    public func bodyData() -> Data {
        body().encoded()
    }
}
