import Foundation
@_spi(HeraldTools) import HeraldCore

/// A message as Expo's push service takes it: one object of the body of
/// `POST https://exp.host/--/api/v2/push/send`.
///
/// It is built with the `expo` layout, whose data root is the payload's top-level `body` object:
/// Expo's service delivers a message's `data` there. The alert becomes `title`, `subtitle` and
/// `body`; `aps.badge`, `aps.category` and `aps.interruption-level` become `badge`, `categoryId`
/// and `interruptionLevel`; `mutable-content` becomes `mutableContent: true`, without which no
/// extension runs. What Expo has no field for is left out and said in ``leftOut``: the
/// `thread-id` (the extension sets the thread from the conversation), the relevance score, and
/// the collapse id (an edit's notification is still replaced: the extension removes the one it
/// replaces, if the extension delivered it; one delivered as received, when the extension ran out
/// of time, carries nothing a later push can find it by). A background push (a retraction for the app's background fallback) is
/// `_contentAvailable: true` without an alert, at priority `normal`; that Expo's service then
/// sends `content-available: 1` is inferred, not documented by Expo.
///
/// Sources: Expo's "Sending notifications with custom push servers" and "Payload formats"
/// guides, expo-server-sdk-node; `herald convert` reads such a message back the way Expo's
/// service delivers it (docs/provider-requests.md).
public struct ExpoPushMessage: Hashable, Sendable {
    /// The largest payload Herald builds for Expo: 4096 bytes, Expo's limit for a message, less
    /// 256 for the keys its service adds (`experienceId`, `scopeKey`, `projectId`).
    public static let maximumPayloadByteCount = APNSPushType.alert.maximumPayloadByteCount - 256

    /// The Expo push tokens (`ExponentPushToken[…]`); empty writes a template without `to`.
    public var to: [String]
    /// The payload, as built with the `expo` layout.
    public let payload: BuiltPayload
    /// What the payload carries that Expo has no field for, each with what happens instead.
    public let leftOut: [String]

    /// Builds `outgoing` for Expo: with the `expo` layout, the size limit Expo leaves
    /// (``maximumPayloadByteCount``) and the given sealing; as a background push when it
    /// retracts for the app's background fallback.
    ///
    /// - Throws: ``PayloadBuildError``, as ``PayloadBuilder/build(_:)`` and
    ///   ``PayloadBuilder/buildBackground(_:)`` do.
    public init(_ outgoing: OutgoingMessage, sealing: PayloadBuilder.Sealing? = nil, to tokens: [String]) throws(PayloadBuildError) {
        let builder = PayloadBuilder(layout: .expo, maximumByteCount: Self.maximumPayloadByteCount, sealing: sealing)
        payload = try builder.buildAsNeeded(outgoing)
        to = tokens
        let aps = payload.json["aps"]
        var leftOut: [String] = []
        if aps?["thread-id"] != nil { leftOut.append("thread-id: Expo has no field for it; the extension sets the thread from the conversation") }
        if aps?["relevance-score"] != nil { leftOut.append("relevance-score: Expo has no field for it; iOS ranks the notification without one") }
        // A background push is handled by the app, which needs no collapse id.
        if let collapseID = payload.collapseID, !payload.isBackground {
            leftOut.append(
                "apns-collapse-id \(collapseID): Expo has no field for it; the extension still removes the notifications an edit or a delete of the message names, those it delivered itself")
        }
        self.leftOut = leftOut
    }

    /// The message object: `to` (a string for one token, a list for more), the texts, `data`,
    /// and the fields above; Expo takes one such object, or a list of them.
    public func body() -> JSONValue {
        let aps = payload.json["aps"]
        var message: [String: JSONValue] = ["priority": payload.isBackground ? "normal" : "high"]
        if to.count == 1 { message["to"] = .string(to[0]) } else if !to.isEmpty { message["to"] = .array(to.map(JSONValue.string)) }
        for key in ["title", "subtitle", "body"] { message[key] = aps?["alert"]?[key] }
        for (key, field) in [("badge", "badge"), ("category", "categoryId"), ("interruption-level", "interruptionLevel")] {
            message[field] = aps?[key]
        }
        if aps?["mutable-content"] != nil { message["mutableContent"] = true }
        if aps?["content-available"] != nil { message["_contentAvailable"] = true }
        message["data"] = payload.json["body"]
        return .object(message)
    }

    /// ``body()`` as compact JSON bytes, keys sorted: what goes on the wire.
    public func bodyData() -> Data {
        body().encoded()
    }
}
