@_spi(HeraldTools) import HeraldCore

extension Linter {
    /// Keys that look like communication fields where the layout reads no such field: a field
    /// of the `communication` object beside it instead of inside (`avatar_url` next to
    /// `sender_name`), another spelling of a field (`senderName`, `avatarUrl`), or, inside the
    /// communication object, a misspelling (`avatar_ur`). The
    /// extension ignores such a key without a word, so the sender's picture or conversation is
    /// lost on the phone.
    static func lintCommunicationKeys(_ payload: Payload, preview: Preview) -> [LintFinding] {
        guard let data = preview.layout.dataRoot(in: payload.json).resolve(in: payload.json)?.objectValue else { return [] }
        let keys = data.keys.filter { $0 != communicationKey && $0 != "aps" }
        guard !keys.isEmpty || data[communicationKey] != nil else { return [] }
        let names = CommunicationKeyNames.of(preview.layout.fields)
        var findings: [LintFinding] = []
        for key in keys.sorted() where !names.flat.contains(key) {
            if names.block.contains(key) {
                findings.append(LintFinding(
                    .communicationKeyNotRead,
                    "\(key) is not read here: Herald reads it inside the \"\(communicationKey)\" object (\(communicationKey).\(key))"))
            } else if let near = names.sameSpelling(as: key) {
                // Only another spelling of the same name: beside the communication object live
                // a provider's own keys (Sendbird's recipient, Twilio's conversation_sid).
                let place = names.flat.contains(near) ? near : "\(communicationKey).\(near)"
                findings.append(LintFinding(.communicationKeyNotRead, "\(key) is not read; did you mean \(place)?"))
            }
        }
        guard !names.block.isEmpty, let members = communicationMembers(data[communicationKey]) else { return findings }
        for key in members.keys.sorted() where !names.block.contains(key) {
            if let near = key.nearest(in: names.block) {
                findings.append(LintFinding(.communicationKeyNotRead, "\(communicationKey).\(key) is not read; did you mean \(communicationKey).\(near)?"))
            }
        }
        return findings
    }

    private static let communicationKey = CommunicationKeyNames.communicationKey

    /// The communication object's members: an object, or one held as JSON text.
    private static func communicationMembers(_ value: JSONValue?) -> [String: JSONValue]? {
        if let object = value?.objectValue { return object }
        guard let text = value?.stringValue else { return nil }
        return JSONPointer.embeddedContainer(text)?.objectValue
    }
}
