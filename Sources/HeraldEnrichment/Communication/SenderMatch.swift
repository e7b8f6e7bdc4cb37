import HeraldCore

/// How the extension names a sender to iOS, which decides whether Focus can recognise them.
///
/// A Focus lets a communication notification through when its sender is one of the Focus's
/// allowed people, who are entries in Contacts: the sender must resolve to a contact. Apple's
/// order (Implementing communication notifications) is the one followed here: the contact's
/// identifier when the app has matched one; else the phone number or email address, which
/// Contacts matches exactly (`INPersonSuggestionType.none`); else the app's own handle, which no
/// contact matches by itself (the adapter suggests an app handle the payload gives as an
/// instant-message address, and the internal id alone as nothing, since such a suggestion is
/// shown in place of the name).
///
/// UNVERIFIED: whether a contact the user created from iOS's suggestion is then enough for
/// Focus (Apple does not say; not seen on a device).
public enum SenderMatch: Hashable, Sendable {
    /// The app's ``ContactMap`` names the contact the sender's handle belongs to: the person is
    /// given its identifier (`INPerson.contactIdentifier`).
    case contact(identifier: String)
    /// A phone handle (`INPersonHandleType.phoneNumber`), matched by Contacts.
    case phone
    /// An email handle (`INPersonHandleType.emailAddress`), matched by Contacts.
    case email
    /// The app's own id only (`INPersonHandleType.unknown`): Focus will not recognise the sender.
    case appIDOnly

    /// The match for `sender`, with the contact identifier the app's map gave, if any.
    ///
    /// - Parameters:
    ///   - sender: the message's sender.
    ///   - contactIdentifier: what ``ContactMap`` gave for the sender's handle or id.
    public init(_ sender: Person, contactIdentifier: String?) {
        if let contactIdentifier {
            self = .contact(identifier: contactIdentifier)
            return
        }
        switch sender.handle?.kind {
        case .phone?: self = .phone
        case .email?: self = .email
        case .app?, nil: self = .appIDOnly
        }
    }

    /// The decision that says which, for the preview, the playground and the extension's log;
    /// it names the handle's kind, never its value.
    public var decision: Decision {
        switch self {
        case .contact:
            Decision(.senderMatch, "matched contact: the app's contact map names the sender's contact, which Focus lets through when it is an allowed person")
        case .phone:
            Decision(.senderMatch, "phone handle: Contacts matches the number (best in international format), so Focus recognises a sender saved as a contact")
        case .email:
            Decision(.senderMatch, "email handle: Contacts matches the address, so Focus recognises a sender saved as a contact")
        case .appIDOnly:
            Decision(.senderMatch, "app id only: Focus will not recognise this sender (no phone or email handle, and no contact in the app's map); iOS may suggest adding them as a contact")
        }
    }
}
