import Foundation

/// A person in a conversation: what iOS needs to build an `INPerson`.
public struct Person: Hashable, Sendable {
    /// The app's own id for the person (`INPerson.customIdentifier`).
    public var identifier: String?
    /// The name iOS shows in bold.
    public var displayName: String
    /// Email, phone number or other handle, when the payload has one.
    public var handle: Handle?
    /// Where the avatar can be downloaded; always an absolute http(s) URL when set.
    public var avatarURL: URL?
    /// The given name, when the payload names it apart from ``displayName``
    /// (`PersonNameComponents.givenName`).
    public var givenName: String?
    /// The family name, likewise (`PersonNameComponents.familyName`).
    public var familyName: String?

    /// - Parameters:
    ///   - identifier: the app's id for the person.
    ///   - displayName: the shown name.
    ///   - handle: email or phone, when known.
    ///   - avatarURL: absolute http(s) URL of the avatar.
    ///   - givenName: the given name, when known apart.
    ///   - familyName: the family name, when known apart.
    public init(
        identifier: String? = nil, displayName: String, handle: Handle? = nil, avatarURL: URL? = nil, givenName: String? = nil,
        familyName: String? = nil
    ) {
        self.identifier = identifier
        self.displayName = displayName
        self.handle = handle
        self.avatarURL = avatarURL
        self.givenName = givenName
        self.familyName = familyName
    }
}

/// How a person can be reached, as `INPersonHandle` models it.
public struct Handle: Hashable, Sendable {
    /// What a handle is; a payload names it in `sender_handle_kind`.
    public enum Kind: String, Hashable, Sendable, CaseIterable {
        /// An email address: `INPersonHandleType.emailAddress`, which Contacts can match.
        case email
        /// A phone number: `INPersonHandleType.phoneNumber`, which Contacts can match.
        case phone
        /// The app's own id for the person: `INPersonHandleType.unknown`, which no contact
        /// matches by itself.
        case app
    }

    /// The address or number, as the payload gave it (not trimmed or normalized).
    public var value: String
    /// What ``value`` is.
    public var kind: Kind

    /// - Parameters:
    ///   - value: the address or number.
    ///   - kind: what it is; ``init(inferringKindOf:)`` guesses it.
    public init(value: String, kind: Kind) {
        self.value = value
        self.kind = kind
    }

    /// A handle whose kind is read from the value: an `@` between text makes an email, digits
    /// with the usual phone punctuation (at least five digits) a phone number, anything else the
    /// app's own id.
    public init(inferringKindOf value: String) {
        self.value = value
        let trimmed = value.trimmingCharacters(in: .whitespaces)
        if let at = trimmed.firstIndex(of: "@"), at != trimmed.startIndex, trimmed.index(after: at) != trimmed.endIndex,
            !trimmed.contains(" ")
        {
            self.kind = .email
        } else if trimmed.allSatisfy({ $0.isASCII && ($0.isNumber || " +-().".contains($0)) }),
            trimmed.filter(\.isNumber).count >= 5
        {
            self.kind = .phone
        } else {
            self.kind = .app
        }
    }
}
