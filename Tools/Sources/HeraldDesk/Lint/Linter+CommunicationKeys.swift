@_spi(HeraldTools) import HeraldCore

extension Linter {
    /// Keys that look like communication fields where the layout reads no such field: a field
    /// of the `communication` object beside it instead of inside (`avatar_url` next to
    /// `sender_name`), another spelling of a field (`senderName`, `avatarUrl`), or, inside the
    /// communication object, a misspelling (`avatar_ur`). The
    /// extension ignores such a key without a word, so the sender's picture or conversation is
    /// lost on the phone.
    ///
    /// - Parameters:
    ///   - data: the layout's custom data (``Layout/dataRoot(in:)`` resolved), if any.
    ///   - block: ``communicationBlock`` in `data`, if any.
    static func lintCommunicationKeys(_ data: JSONValue?, block: JSONValue?, preview: Preview, into findings: inout [LintFinding]) {
        guard case .object(let data)? = data else { return }
        let names = CommunicationKeyNames.of(preview.layout.fields)
        // Found in the dictionary's order, reported in the keys' order: few keys make a finding,
        // so only those are sorted.
        var found: [(key: String, finding: LintFinding)] = []
        // The digest first: it rules out most keys at once, before any string comparison.
        for key in data.keys where names.mayName(key) && key != communicationKey && key != "aps" && !names.isFlat(key) {
            if names.isInBlock(key) {
                found.append((key, LintFinding(
                    .communicationKeyNotRead,
                    "\(key) is not read here: Herald reads it inside the \"\(communicationKey)\" object (\(communicationKey).\(key))")))
            } else if let near = names.sameSpelling(as: key) {
                // Only another spelling of the same name: beside the communication object live
                // a provider's own keys (Sendbird's recipient, Twilio's conversation_sid).
                let place = names.flat.contains(near) ? near : "\(communicationKey).\(near)"
                found.append((key, LintFinding(.communicationKeyNotRead, "\(key) is not read; did you mean \(place)?")))
            }
        }
        if found.count > 1 { found.sort { $0.key < $1.key } }
        findings += found.map(\.finding)
        guard !names.block.isEmpty, let members = communicationMembers(block) else { return }
        for key in members.keys.sorted() where !names.isInBlock(key) {
            if let near = key.nearest(in: names.block) {
                findings.append(LintFinding(.communicationKeyNotRead, "\(communicationKey).\(key) is not read; did you mean \(communicationKey).\(near)?"))
            }
        }
    }

    private static let communicationKey = CommunicationKeyNames.communicationKey

    /// The communication object's members: an object, or one held as JSON text.
    private static func communicationMembers(_ value: JSONValue?) -> [String: JSONValue]? {
        if let object = value?.objectValue { return object }
        guard let text = value?.stringValue else { return nil }
        return JSONPointer.embeddedContainer(text)?.objectValue
    }
}
