import HeraldCore
import HeraldSealing

extension EnrichedNotification {
    /// The notification as sent, before anything is decrypted, downloaded or laid out: what iOS
    /// shows when nothing better is ready, and what a payload the extension never sees shows.
    ///
    /// The one place this value is made, for the pipeline's first published stage, an expiry
    /// that comes before it, and `herald preview` of a payload the extension does not run for.
    /// Every attachment the payload names is listed as ``FetchStatus/skipped``.
    ///
    /// - Parameters:
    ///   - original: the payload's ``/HeraldCore/Preview``, decoded with the layout the pipeline
    ///     uses.
    ///   - payload: the payload as received.
    ///   - encryptedFallbackText: shown as the body when the payload carries sealed content and
    ///     no body of its own (an empty placeholder), as the extension does; `nil` to show the
    ///     placeholder as sent, as iOS does when no extension runs.
    ///   - decisions: added after the preview's own decisions (why this is what is shown).
    /// - Returns: a value at stage ``Stage/original``.
    public static func asSent(
        _ original: Preview, payload: Payload, encryptedFallbackText: String?, decisions: [Decision] = []
    ) -> EnrichedNotification {
        var content = original.content
        if let encryptedFallbackText, content.body.isEmpty, isSealed(payload, layout: original.layout) {
            content.body = encryptedFallbackText
        }
        return EnrichedNotification(
            stage: .original, layoutName: original.layout.name, extensionWillRun: original.extensionWillRun, content: content,
            message: original.message, attachments: original.message.attachments.map { AttachmentResult(source: $0, status: .skipped) },
            decisions: original.decisions + decisions)
    }

    /// Whether the payload has a sealed field where `layout` keeps its data.
    private static func isSealed(_ payload: Payload, layout: Layout) -> Bool {
        layout.dataRoot(in: payload.json).appending(JSONPointer(tokens: [SealedContent.fieldName])).resolve(in: payload.json) != nil
    }
}
