import HeraldCore

extension EnrichedNotification {
    /// Looks the sender up in the app's contact map: by their handle, then by the app's id for
    /// them (an app may map its own ids), recording the match in ``senderContactIdentifier``.
    /// A map that cannot be read is a decision; the sender is then named by their handle.
    mutating func matchContact(of sender: Person, in map: ContactMap) {
        let handles = [sender.handle, sender.identifier.map { Handle(value: $0, kind: .app) }].compactMap { $0 }
        do {
            senderContactIdentifier = try map.contactIdentifier(forFirstOf: handles)
        } catch {
            decisions.append(Decision(.contactMapUnreadable, "\(error); the sender is named by their handle alone"))
        }
    }
}
