@_spi(HeraldTools) import HeraldCore
import HeraldSending

extension Linter {
    /// The rules of a message's life: its ids fit a collapse id, and a retraction shows
    /// nothing it should not.
    ///
    /// iOS shows an alert push as sent unless the extension has the filtering entitlement, so
    /// a retraction must name the app's ``RetractFallback`` and be the push it needs: an alert
    /// push the extension runs for (`mutable-content` and a visible alert) for `filtered` and
    /// `visible`, a background push for `background`.
    ///
    /// - Parameters:
    ///   - payload: the payload.
    ///   - preview: what Herald reads from it.
    ///   - isBackground: whether it is (or would be sent as) a background push.
    ///   - findings: where the findings go.
    static func lintMessageLife(_ payload: Payload, preview: Preview, isBackground: Bool, into findings: inout [LintFinding]) {
        // Most payloads carry no id and no action: they are done without copying the message.
        guard preview.message.identifier != nil || preview.message.action != nil else { return }
        let message = preview.message
        for (key, identifier) in APNSCollapseID.overlongIdentifiers(in: message) {
            findings.append(LintFinding(
                .messageIDTooLong,
                "\(key) \"\(identifier.prefix(16))…\" is \(identifier.utf8.count) bytes; a collapse id may be \(APNSCollapseID.maximumByteCount): shorten the id"))
        }
        switch RetractionPush.problem(with: message, isBackground: isBackground) {
        case .noFallback?:
            findings.append(LintFinding(
                .retractionShown,
                "this push retracts, but says no retract_fallback: without the filtering entitlement iOS shows it as sent; add \"retract_fallback\": filtered, visible or background to the communication block"))
        case .needsBackgroundPush?:
            findings.append(LintFinding(
                .retractionShown, "retract_fallback is background, but this is an alert push, which iOS shows: send aps with content-available: 1 alone, push type background"))
        case .needsAlertPush(let fallback)?:
            findings.append(LintFinding(
                .retractionShown,
                "retract_fallback is \(fallback.rawValue), but this is a background push, which the extension never sees: send an alert push with mutable-content: 1"))
        case nil:
            if message.action?.isRetraction == true, !isBackground, !preview.extensionWillRun {
                findings.append(LintFinding(
                    .retractionShown,
                    "this push retracts, but the extension will not run for it (it needs mutable-content: 1 and a visible alert), so iOS shows it as sent and removes nothing"))
            }
        }
    }
}
