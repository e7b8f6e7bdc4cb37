import Foundation
import HeraldCore
import HeraldEnrichment

/// The app's matches between its users and the phone's contacts, written where the extension
/// reads them, so that Focus lets a matched sender's messages through.
///
/// Focus breaks through for the people a Focus allows, who are Contacts entries. The extension
/// gives iOS a sender's phone number or email address, which Contacts matches itself; a sender
/// known to the app only by its own id matches no contact, unless the app says which one it
/// is. The app, which holds the Contacts permission, matches its users to `CNContact`s and
/// saves the result here; the extension looks each sender up and names the contact
/// (`INPerson.contactIdentifier`).
///
/// ```swift
/// let container = FileManager.default.containerURL(forSecurityApplicationGroupIdentifier: "group.com.example.chat")!
/// let contacts = try SenderContacts(appGroupContainer: container)  // the group the extension's AppGroup names
/// try contacts.save([
///     Handle(value: "user-42", kind: .app): contact.identifier,  // a CNContact the app matched to its user 42
///     Handle(value: "+4915112345678", kind: .phone): other.identifier,
/// ])
/// ```
///
/// The handles are the ones the pushes carry (`sender_handle`, or `sender_id` as an app id),
/// compared as ``/HeraldEnrichment/ContactMap`` normalizes them. Save again whenever the contacts
/// or the app's users change: each save replaces the whole map.
public struct SenderContacts: Sendable {
    /// The file the extension reads.
    public let map: ContactMap

    /// - Parameter map: the map in the app group the extension's `AppGroup` setting names
    ///   (``/HeraldEnrichment/ContactMap/inContainer(_:)`` on its container).
    public init(map: ContactMap) {
        self.map = map
    }

    /// The map in an app group's container, where the extension reads it when its `AppGroup`
    /// setting names that group (``/HeraldEnrichment/ContactMap/inContainer(_:)``).
    ///
    /// - Parameter container: the group's container
    ///   (`FileManager.containerURL(forSecurityApplicationGroupIdentifier:)`).
    /// - Throws: when the map's folders cannot be made.
    public init(appGroupContainer container: URL) throws {
        self.init(map: try ContactMap.inContainer(container))
    }

    /// Replaces every match with `matches`: a handle's contact is what the extension names
    /// for a sender with that handle, or with that app id.
    ///
    /// - Parameter matches: each handle's `CNContact.identifier`; an empty dictionary clears
    ///   the map.
    /// - Throws: ``/HeraldEnrichment/ContactMapError`` when a handle cannot be matched by (a phone
    ///   number without digits, a blank address), when a handle or identifier holds a tab or a line
    ///   break, when one handle is given two contacts, or when the map would pass
    ///   ``/HeraldEnrichment/ContactMap/byteLimit`` or cannot be written. The old map then stays.
    public func save(_ matches: [Handle: String]) throws(ContactMapError) {
        try map.replace(with: matches)
    }

    /// The contact the extension would name for a sender with `handle`; `nil` for none.
    ///
    /// - Throws: ``/HeraldEnrichment/ContactMapError`` when the map cannot be read.
    public func contactIdentifier(for handle: Handle) throws(ContactMapError) -> String? {
        try map.contactIdentifier(forFirstOf: [handle])
    }
}
