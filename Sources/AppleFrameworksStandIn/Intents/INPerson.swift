import Foundation

/// A person: a message's sender or one of its recipients.
///
/// Source: reference, Intents: `class INPerson : NSObject  // iOS 10, init() unavailable`, its
/// five initializers (BASE = `personHandle:nameComponents:displayName:image:contactIdentifier:
/// customIdentifier:`) and five read-only properties.
/// UNVERIFIED: Apple's public `nameComponents`, `isMe`, `suggestionType`,
/// `isContactSuggestion` and `aliases` are not in the reference; read what an initializer was
/// given with `StandInInspection.person(_:)`.
/// Availability: INPerson.h ("Copyright (c) 2016-2020", with the iOS 15 initializers),
/// `API_AVAILABLE(ios(10.0), macos(11.0), watchos(3.2)) API_UNAVAILABLE(tvos)` on the class; each
/// initializer's own attribute below; none on the properties.
@available(iOS 10.0, macOS 11.0, watchOS 3.2, *)
@available(tvOS, unavailable)
open class INPerson: NSObject {
    var fields: Fields

    /// Source: reference, "init() unavailable"; INPerson.h `- init NS_UNAVAILABLE`.
    @available(*, unavailable)
    public override init() {
        fatalError("INPerson.init() is unavailable")
    }

    /// The designated initializer.
    ///
    /// Source: reference, `init(BASE, isMe: Bool)  // iOS 12, designated`.
    /// Availability: INPerson.h, `NS_DESIGNATED_INITIALIZER API_AVAILABLE(ios(12.0), watchos(5.0))`.
    @available(iOS 12.0, watchOS 5.0, *)
    public init(
        personHandle: INPersonHandle, nameComponents: PersonNameComponents?, displayName: String?,
        image: INImage?, contactIdentifier: String?, customIdentifier: String?, isMe: Bool
    ) {
        fields = Fields(
            personHandle: personHandle, nameComponents: nameComponents, displayName: displayName, image: image,
            contactIdentifier: contactIdentifier, customIdentifier: customIdentifier, isMe: isMe)
        super.init()
    }

    /// Source: reference, `convenience init(BASE)  // iOS 10`. Model: `isMe` false.
    /// Availability: none of its own in INPerson.h.
    public convenience init(
        personHandle: INPersonHandle, nameComponents: PersonNameComponents?, displayName: String?,
        image: INImage?, contactIdentifier: String?, customIdentifier: String?
    ) {
        self.init(
            personHandle: personHandle, nameComponents: nameComponents, displayName: displayName, image: image,
            contactIdentifier: contactIdentifier, customIdentifier: customIdentifier, isMe: false)
    }

    /// Source: reference, `convenience init(BASE, isMe: Bool, suggestionType: INPersonSuggestionType)  // iOS 15`.
    /// Availability: INPerson.h, `API_AVAILABLE(ios(15.0), macos(12.0), watchos(8.0))`.
    @available(iOS 15.0, macOS 12.0, watchOS 8.0, *)
    public convenience init(
        personHandle: INPersonHandle, nameComponents: PersonNameComponents?, displayName: String?,
        image: INImage?, contactIdentifier: String?, customIdentifier: String?, isMe: Bool,
        suggestionType: INPersonSuggestionType
    ) {
        self.init(
            personHandle: personHandle, nameComponents: nameComponents, displayName: displayName, image: image,
            contactIdentifier: contactIdentifier, customIdentifier: customIdentifier, isMe: isMe)
        fields.suggestionType = suggestionType
    }

    /// Source: reference, `convenience init(BASE, isContactSuggestion: Bool, suggestionType: INPersonSuggestionType)  // iOS 15`.
    /// Model: `isMe` false.
    /// Availability: INPerson.h, `API_AVAILABLE(ios(15.0), macos(12.0), watchos(8.0))`.
    @available(iOS 15.0, macOS 12.0, watchOS 8.0, *)
    public convenience init(
        personHandle: INPersonHandle, nameComponents: PersonNameComponents?, displayName: String?,
        image: INImage?, contactIdentifier: String?, customIdentifier: String?, isContactSuggestion: Bool,
        suggestionType: INPersonSuggestionType
    ) {
        self.init(
            personHandle: personHandle, nameComponents: nameComponents, displayName: displayName, image: image,
            contactIdentifier: contactIdentifier, customIdentifier: customIdentifier, isMe: false)
        fields.isContactSuggestion = isContactSuggestion
        fields.suggestionType = suggestionType
    }

    /// Source: reference, `convenience init(BASE, aliases: [INPersonHandle]?, suggestionType: INPersonSuggestionType)`.
    /// Availability: none of its own; INPerson.h declares it in the `INPerson (INInteraction)`
    /// category without an attribute, so it has the class's. Model: `isMe` false.
    public convenience init(
        personHandle: INPersonHandle, nameComponents: PersonNameComponents?, displayName: String?,
        image: INImage?, contactIdentifier: String?, customIdentifier: String?, aliases: [INPersonHandle]?,
        suggestionType: INPersonSuggestionType
    ) {
        self.init(
            personHandle: personHandle, nameComponents: nameComponents, displayName: displayName, image: image,
            contactIdentifier: contactIdentifier, customIdentifier: customIdentifier, isMe: false)
        fields.aliases = aliases
        fields.suggestionType = suggestionType
    }

    /// Source: reference, `var personHandle: INPersonHandle? { get }`.
    open var personHandle: INPersonHandle? { fields.personHandle }

    /// The name shown for the person; never optional, even when `nil` was given.
    ///
    /// Source: reference, `var displayName: String { get }  // non-optional`.
    /// Model (UNVERIFIED what Apple derives): the given display name, else the name components'
    /// given and family names joined by a space, else the handle's value, else "".
    open var displayName: String {
        if let name = fields.displayName { return name }
        if let components = fields.nameComponents {
            let joined = [components.givenName, components.familyName].compactMap { $0 }.joined(separator: " ")
            if !joined.isEmpty { return joined }
        }
        return fields.personHandle.value ?? ""
    }

    /// Source: reference, `var image: INImage? { get }`.
    open var image: INImage? { fields.image }

    /// Source: reference, `var contactIdentifier: String? { get }`.
    open var contactIdentifier: String? { fields.contactIdentifier }

    /// Source: reference, `var customIdentifier: String? { get }`.
    open var customIdentifier: String? { fields.customIdentifier }
}
