@_spi(HeraldTools) import HeraldCore

extension Linter {
    /// The rules of a push that carries only ids (`fetch_content`): it must carry an id for the
    /// extension to fetch by, and none of the message it is meant to keep out of APNs and the
    /// provider. Its body is the placeholder shown until the fetch succeeds (or when it fails),
    /// so the body alone is not judged.
    static func lintFetchedContent(_ preview: Preview, into findings: inout [LintFinding]) {
        let message = preview.message
        guard message.fetchesContent else { return }
        if message.identifier == nil, message.conversationIdentifier == nil {
            findings.append(LintFinding(
                .fetchContentWithoutID,
                "this push asks for its content to be fetched, but carries neither message_id nor conversation_id for the extension's ContentURL: add the message's id"))
        } else if message.identifier == nil {
            findings.append(LintFinding(
                .fetchContentWithoutID,
                "this push asks for its content to be fetched, but carries no message_id: it is fetched only when the extension's ContentURL names {conversation_id} alone",
                severity: .warning))
        }
        // What the extension refuses to put into a URL.
        for (key, id) in [("message_id", message.identifier), ("conversation_id", message.conversationIdentifier)] {
            guard let id, let problem = ContentURLTemplate.problem(withID: id) else { continue }
            findings.append(LintFinding(
                .fetchContentWithoutID, "\(key) is \(problem), which the extension does not put into its ContentURL: nothing is fetched"))
        }
        var carried: [String] = []
        if !preview.content.title.isEmpty { carried.append("a title") }
        if !preview.content.subtitle.isEmpty { carried.append("a subtitle") }
        if let sender = message.sender {
            carried.append("the sender's name")
            if sender.avatarURL != nil { carried.append("an avatar URL") }
        }
        if message.groupName != nil { carried.append("a group name") }
        if !message.attachments.isEmpty { carried.append("attachments") }
        guard !carried.isEmpty else { return }
        findings.append(LintFinding(
            .fetchContentCarriesMessage,
            "this push asks for its content to be fetched, yet carries \(carried.phrase(joinedBy: "and")), which APNs and the provider see: send only the ids and a placeholder body, and let the server's answer carry the rest"))
    }
}
