/// Which picture an avatar download is for.
public enum AvatarSlot: CaseIterable, Hashable, Sendable {
    /// The sender's picture: ``EnrichedNotification/avatar``.
    case sender
    /// The group's picture: ``EnrichedNotification/groupAvatar``.
    case group

    /// How decisions name it.
    var subject: String {
        switch self {
        case .sender: "avatar"
        case .group: "group avatar"
        }
    }
}

extension EnrichedNotification {
    /// The download result for a slot.
    subscript(avatar slot: AvatarSlot) -> AvatarResult? {
        get {
            switch slot {
            case .sender: avatar
            case .group: groupAvatar
            }
        }
        set {
            switch slot {
            case .sender: avatar = newValue
            case .group: groupAvatar = newValue
            }
        }
    }
}
