import Foundation

/// What Herald's extension will make of a payload, computed without the network.
///
/// The same computation runs on the phone and in `herald preview`, so what the command shows is
/// what the extension does: which layout reads the payload, whether iOS runs the extension at
/// all, the content fields, the message (sender, conversation, attachments), and every decision.
public struct Preview: Hashable, Sendable {
    /// The layout that read the payload.
    public var layout: Layout
    /// Whether iOS will run a notification service extension for this payload.
    public var extensionWillRun: Bool
    /// The content fields iOS builds from `aps`, with the thread identifier filled in from the
    /// conversation when the extension runs and the payload set none.
    public var content: ContentFields
    /// The message the layout read.
    public var message: Message
    /// In order: layout choice, reading, content.
    public var decisions: [Decision]
    /// A relative or `file:` avatar reference, for a local preview only; see
    /// ``DecodedMessage/localAvatar``.
    public var localAvatar: URL?

    /// Reads a payload.
    ///
    /// - Parameters:
    ///   - payload: the payload as the phone receives it.
    ///   - layout: the layout to read with; `nil` detects one.
    public init(payload: Payload, layout: Layout? = nil) {
        var decisions: [Decision] = []
        // Made once for both: it spares most lookups of keys the payload does not have.
        let digest = MemberDigest(payload.json)
        let chosen: Layout
        if let layout {
            chosen = layout
            decisions.append(Decision(.layoutChosen, "layout \(layout.name) was chosen"))
        } else {
            let detected = Layout.detect(in: payload.json, digest: digest)
            chosen = detected.layout
            decisions.append(Decision(.layoutDetected, detected.message))
        }
        let (message, localAvatar) = chosen.decode(payload.json, payloadDigest: digest, decisions: &decisions)

        // The common messages are written out whole rather than interpolated: a preview then
        // builds no string for them.
        let aps: APS
        if let given = payload.aps {
            aps = given
        } else {
            aps = APS()
            decisions.append(Decision(.noAPS, payload.json["apps"] != nil
                ? "the payload has no aps dictionary (there is an \"apps\" key: a typo for \"aps\"?), so iOS shows nothing"
                : "the payload has no aps dictionary, so iOS shows nothing"))
        }
        for issue in aps.typeIssues {
            decisions.append(
                issue.wasRead
                    ? Decision(.valueTypeCoerced, "aps \(issue.key) is \(issue.found), read as if it were \(issue.expected)")
                    : Decision(.valueIgnored, "aps \(issue.key) is \(issue.found), not \(issue.expected), so it is ignored"))
        }
        var content = ContentFields(aps: aps)
        var extensionWillRun = false
        if let alert = aps.alert {
            extensionWillRun = aps.mutableContent && alert.isVisible
            if alert.body == nil, let key = alert.locKey {
                let arguments = (alert.locArgs ?? []).map { "\"\($0)\"" }.joined(separator: ", ")
                decisions.append(Decision(.localizedText, "the body is the app's localized string \(key)(\(arguments)); iOS fills it in from the app bundle"))
            }
        }
        if extensionWillRun, content.threadIdentifier.isEmpty, let conversation = message.conversationIdentifier {
            content.threadIdentifier = conversation
            decisions.append(Decision(.threadFromConversation, "thread identifier set to the conversation identifier \"\(conversation)\", so the conversation's notifications group together"))
        }

        if !extensionWillRun {
            decisions.append(Decision(.extensionWillNotRun, !aps.mutableContent
                ? "iOS will not run the extension: aps has no mutable-content: 1; the phone shows the payload as sent"
                : "iOS will not run the extension: the alert has no title, subtitle or body to show; the phone shows the payload as sent"))
        }
        self.layout = chosen
        self.extensionWillRun = extensionWillRun
        self.content = content
        self.message = message
        self.decisions = decisions
        self.localAvatar = localAvatar
    }
}
