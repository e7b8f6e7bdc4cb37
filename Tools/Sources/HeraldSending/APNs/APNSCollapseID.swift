import HeraldCore

/// `apns-collapse-id`: the id under which APNs and the phone show several requests as one
/// notification, the newest in place of the others. iOS makes it the delivered notification's
/// request identifier.
///
/// A chat message's id is the natural one: an edit sent with the same collapse id takes the
/// place of the message's notification, with or without the extension.
public enum APNSCollapseID {
    /// The largest, in UTF-8 bytes: APNs answers a longer one with 400 `BadCollapseId`, and
    /// OneSignal's `collapse_id` has the same limit.
    public static let maximumByteCount = 64

    /// The message ids `message` carries that are too long to be a collapse id, each with the
    /// payload key it travels under (`message_id`, `replaces`, `retracts`): what the builder
    /// refuses and lint reports. A conversation id is never a collapse id, so it is not one.
    public static func overlongIdentifiers(in message: Message) -> [(key: String, identifier: String)] {
        // Only the overlong ones are collected: lint asks of every payload, and most carry none.
        var overlong: [(key: String, identifier: String)] = []
        func check(_ key: String, _ identifier: String) {
            if identifier.utf8.count > maximumByteCount { overlong.append((key, identifier)) }
        }
        if let identifier = message.identifier { check("message_id", identifier) }
        switch message.action {
        case .replace(let identifier): check("replaces", identifier)
        case .retract(let identifiers): identifiers.forEach { check("retracts", $0) }
        case .clearConversation, nil: break
        }
        return overlong
    }

    /// The collapse id a server sends with `message` unless told otherwise: the id of the
    /// message its notification stands for. That is the replaced message's for an edit, the
    /// retracted message's when it retracts one, none when it retracts several or clears a
    /// conversation, else the message's own.
    ///
    /// - Parameters:
    ///   - message: the message the push carries.
    ///   - isSealed: whether its content travels sealed. Then there is none: a collapse id in
    ///     the clear would tell Apple which messages belong together, and the extension replaces
    ///     and retracts by the id sealed inside.
    /// - Returns: the collapse id, or `nil`.
    public static func `default`(for message: Message, isSealed: Bool) -> String? {
        guard !isSealed else { return nil }
        let message = message.normalized
        switch message.action {
        case .replace(let identifier): return identifier
        case .retract(let identifiers): return identifiers.count == 1 ? identifiers[0] : nil
        case .clearConversation: return nil
        case nil: return message.identifier
        }
    }
}
