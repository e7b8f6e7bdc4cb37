import Foundation

extension INPerson {
    /// Every value an INPerson initializer takes.
    struct Fields {
        var personHandle: INPersonHandle
        var nameComponents: PersonNameComponents?
        var displayName: String?
        var image: INImage?
        var contactIdentifier: String?
        var customIdentifier: String?
        var isMe = false
        var suggestionType: INPersonSuggestionType = .none
        var isContactSuggestion = false
        var aliases: [INPersonHandle]?
    }
}
