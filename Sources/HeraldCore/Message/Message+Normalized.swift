extension Message {
    /// This message as a payload carries it: a blank string (empty, or only whitespace such as
    /// `"\n"` or `" "`) is absent, as ``Layout/decode(_:)`` reads one.
    ///
    /// A sender with a blank name is no sender; blank recipients are left out; a blank sender
    /// identifier, handle, given or family name, message or conversation identifier, group name
    /// or declared attachment type is `nil`; without a group name there is no group avatar; an
    /// action that names no message or conversation (only blank ones) is no action, and without a
    /// retraction there is no retract fallback, and a badge increment only where one counts
    /// (``badgeIncrementProblem(_:)``). ``Layout/encode(_:into:)`` writes this, so
    /// `decode(encode(message))` gives it back.
    public var normalized: Message {
        var message = self
        if var sender, !sender.displayName.isBlank {
            sender.identifier = sender.identifier.flatMap(Self.present)
            if sender.handle?.value.isBlank == true { sender.handle = nil }
            sender.givenName = sender.givenName.flatMap(Self.present)
            sender.familyName = sender.familyName.flatMap(Self.present)
            message.sender = sender
        } else {
            message.sender = nil
        }
        message.identifier = identifier.flatMap(Self.present)
        message.action = switch action {
        case .replace(let identifier): Self.present(identifier).map(MessageAction.replace)
        case .retract(let identifiers): identifiers.contains { !$0.isBlank } ? .retract(identifiers.filter { !$0.isBlank }) : nil
        case .clearConversation(let identifier): Self.present(identifier).map(MessageAction.clearConversation)
        case nil: nil
        }
        if message.action?.isRetraction != true { message.retractFallback = nil }
        if let increment = badgeIncrement, message.badgeIncrementProblem(increment) != nil { message.badgeIncrement = nil }
        message.conversationIdentifier = conversationIdentifier.flatMap(Self.present)
        message.groupName = groupName.flatMap(Self.present)
        if message.groupName == nil { message.groupAvatarURL = nil }
        message.recipients = recipients.filter { !$0.isBlank }
        for index in message.attachments.indices {
            message.attachments[index].declaredType = message.attachments[index].declaredType.flatMap(Self.present)
        }
        return message
    }

    private static func present(_ text: String) -> String? {
        text.isBlank ? nil : text
    }
}
