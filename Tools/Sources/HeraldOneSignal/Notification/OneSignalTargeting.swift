import HeraldCore

/// Who receives a OneSignal notification: subscriptions by id, or users by an alias such as
/// their external id. One mode per request, as OneSignal requires.
///
/// At most ``maximumCount`` ids per request; ``batches(ofAtMost:)`` splits a longer list (each
/// batch is its own notification, with its own idempotency key).
public struct OneSignalTargeting: Hashable, Sendable {
    private enum Mode: Hashable, Sendable {
        case subscriptionIDs
        case alias(label: String)
    }

    private var mode: Mode
    /// The subscription ids or alias values, in the order given.
    public var ids: [String]

    /// How many ids OneSignal takes in one request.
    public static let maximumCount = 2000

    private init(_ mode: Mode, _ ids: [String]) {
        self.mode = mode
        self.ids = ids
    }

    /// Push subscriptions by their OneSignal subscription id (`include_subscription_ids`).
    ///
    /// - Parameter ids: subscription ids (UUIDs, as OneSignal gives them).
    /// - Returns: the targeting.
    public static func subscriptionIDs(_ ids: [String]) -> OneSignalTargeting {
        OneSignalTargeting(.subscriptionIDs, ids)
    }

    /// Users by the external id the app set with `OneSignal.login`
    /// (`include_aliases: {"external_id": [...]}`, `target_channel: "push"`).
    ///
    /// - Parameter ids: external ids.
    /// - Returns: the targeting.
    public static func externalIDs(_ ids: [String]) -> OneSignalTargeting {
        aliases(label: "external_id", ids)
    }

    /// Users by any alias label (`include_aliases: {label: [...]}`, `target_channel: "push"`).
    ///
    /// - Parameters:
    ///   - label: the alias label, as set with `OneSignal.User.addAlias`.
    ///   - ids: the alias values.
    /// - Returns: the targeting.
    public static func aliases(label: String, _ ids: [String]) -> OneSignalTargeting {
        OneSignalTargeting(.alias(label: label), ids)
    }

    /// The alias label when this targets aliases; `nil` for subscription ids.
    public var aliasLabel: String? {
        if case .alias(let label) = mode { return label }
        return nil
    }

    /// The same mode, with the ids split into runs of at most `count`.
    ///
    /// - Parameter count: ids per batch; default ``maximumCount``, values below 1 count as 1.
    /// - Returns: the batches in order; empty when there are no ids.
    public func batches(ofAtMost count: Int = OneSignalTargeting.maximumCount) -> [OneSignalTargeting] {
        let size = max(count, 1)
        return stride(from: 0, to: ids.count, by: size).map { start in
            OneSignalTargeting(mode, Array(ids[start..<min(start + size, ids.count)]))
        }
    }

    /// The request body's members for this targeting.
    var bodyMembers: [String: JSONValue] {
        switch mode {
        case .subscriptionIDs:
            return ["include_subscription_ids": .array(ids.map(JSONValue.string))]
        case .alias(let label):
            return ["include_aliases": .object([label: .array(ids.map(JSONValue.string))]), "target_channel": "push"]
        }
    }
}
