@_spi(HeraldTools) import HeraldCore

extension Linter {
    /// Keys that look like communication fields where the layout reads no such field: a field
    /// of the `communication` object beside it instead of inside (`avatar_url` next to
    /// `sender_name`), another spelling of a field (`senderName`, `avatarUrl`), or, inside the
    /// communication object, a misspelling (`avatar_ur`). The
    /// extension ignores such a key without a word, so the sender's picture or conversation is
    /// lost on the phone.
    static func lintCommunicationKeys(_ payload: Payload, preview: Preview) -> [LintFinding] {
        let layout = preview.layout
        guard let data = layout.dataRoot(in: payload.json).resolve(in: payload.json)?.objectValue else { return [] }
        var block: [String] = []
        var flat: [String] = []
        for field in FieldPointers.fields {
            for pointer in layout.fields[keyPath: field.keyPath] {
                switch pointer.tokens.count {
                case 1: flat.append(pointer.tokens[0])
                case 2 where pointer.tokens[0] == communicationKey: block.append(pointer.tokens[1])
                default: break
                }
            }
        }
        var findings: [LintFinding] = []
        for key in data.keys.sorted() where key != communicationKey && key != "aps" && !flat.contains(key) {
            if block.contains(key) {
                findings.append(LintFinding(
                    .communicationKeyNotRead,
                    "\(key) is not read here: Herald reads it inside the \"\(communicationKey)\" object (\(communicationKey).\(key))"))
            } else if let near = key.sameSpelling(in: flat + block) {
                // Only another spelling of the same name: beside the communication object live
                // a provider's own keys (Sendbird's recipient, Twilio's conversation_sid).
                let place = flat.contains(near) ? near : "\(communicationKey).\(near)"
                findings.append(LintFinding(.communicationKeyNotRead, "\(key) is not read; did you mean \(place)?"))
            }
        }
        guard !block.isEmpty, let members = communicationMembers(data[communicationKey]) else { return findings }
        for key in members.keys.sorted() where !block.contains(key) {
            if let near = key.nearest(in: block) {
                findings.append(LintFinding(.communicationKeyNotRead, "\(communicationKey).\(key) is not read; did you mean \(communicationKey).\(near)?"))
            }
        }
        return findings
    }

    private static let communicationKey = "communication"

    /// The communication object's members: an object, or one held as JSON text.
    private static func communicationMembers(_ value: JSONValue?) -> [String: JSONValue]? {
        if let object = value?.objectValue { return object }
        guard let text = value?.stringValue else { return nil }
        return JSONPointer.embeddedContainer(text)?.objectValue
    }
}
