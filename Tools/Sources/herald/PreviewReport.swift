import HeraldCore
import HeraldDesk
import HeraldEnrichment
import HeraldSending

/// What `herald preview` prints: the enriched notification, the lint findings on the payload
/// as sent, how long the pipeline took, and, for a provider's request body, how it was converted.
struct PreviewReport {
    let notification: EnrichedNotification
    /// The communication layout the adapter would map onto the intent (with the extension's
    /// default group padding, ``GroupPadding/both``); `nil` without a sender or when the
    /// extension does not run.
    var communication: CommunicationLayout?
    let lint: [LintFinding]
    let elapsed: Duration
    /// How a provider's request body became the payload; `nil` for a device payload.
    var conversion: RequestConversion?
    /// A background push, which the phone does not show.
    var isBackgroundPush = false

    var elapsedMilliseconds: Int {
        Int(elapsed.components.seconds * 1000 + elapsed.components.attoseconds / 1_000_000_000_000_000)
    }
}

extension PreviewReport {
    /// Runs a payload through the extension's pipeline and lints it: what `herald preview` and
    /// `herald playground` show.
    ///
    /// - Parameters:
    ///   - device: the payload as the phone receives it, and its conversion from a request body.
    ///   - configuration: the pipeline's limits, layout and what it may fetch.
    ///   - fetcher: the network.
    ///   - keyProvider: decryption keys; `nil` for none.
    ///   - pushOptions: the push type and priority it will be sent with (`--push-type`,
    ///     `--priority`), for lint.
    ///   - project: what `--project` tells lint about the app.
    init(
        previewing device: DevicePayload, configuration: EnrichmentConfiguration, fetcher: any Fetcher, keyProvider: (any KeyProvider)?,
        pushOptions: APNSPushOptions = APNSPushOptions(), project: ProjectFacts? = nil
    ) async {
        let clock = ContinuousClock()
        let start = clock.now
        let original = Preview(payload: device.payload, layout: configuration.layout)
        let isBackground = Linter.isBackground(device.payload, conversion: device.conversion, pushOptions: pushOptions)
        if original.extensionWillRun {
            // The app's own RetractFallback is not known here: the one the server built the push
            // for stands in, so that the preview shows what that app's extension does.
            var configuration = configuration
            configuration.retractFallback = configuration.retractFallback ?? original.message.retractFallback
            let enricher = Enricher(configuration: configuration, clock: clock, fetcher: fetcher, keyProvider: keyProvider)
            var enriched = await enricher.enrich(device.payload, original: original)
            let layout = CommunicationLayout(enriched, groupPadding: .both, images: Self.images(enriched))
            enriched.decisions += layout?.decisions ?? []
            communication = layout
            notification = enriched
        } else {
            communication = nil
            // The phone shows the payload as sent: nothing is decrypted, downloaded or laid out,
            // and an encrypted payload shows its placeholder, not the fallback text.
            var asSent = EnrichedNotification.asSent(
                original, payload: device.payload, encryptedFallbackText: nil,
                decisions: [Decision(.extensionWillNotRun, "nothing is decrypted or downloaded, and no sender layout is drawn, since the extension does not run")]
                    + (isBackground ? [Decision(.extensionWillNotRun, "a background push: iOS shows nothing, and wakes the app to receive it")] : []))
            asSent.stage = .complete  // nothing more will happen to it
            notification = asSent
        }
        isBackgroundPush = isBackground
        elapsed = start.duration(to: clock.now)
        var lint = Linter.lint(device.payload, preview: original, conversion: device.conversion, pushOptions: pushOptions)
        if let project { lint += project.lint(device.payload) }
        self.lint = lint
        conversion = device.conversion
    }

    /// What the push does to the notifications already shown, in a line; `nil` for a new
    /// message. It names what the extension removes and what it then shows, or who removes
    /// them when the extension does not run.
    var action: String? {
        guard let action = notification.message.action else { return nil }
        let removes = "removes the delivered notifications of \(action.subject)"
        guard notification.extensionWillRun else {
            guard action.isRetraction, isBackgroundPush else {
                return "none: the extension does not run, so nothing is removed (a push that \(Self.verb(action)) needs mutable-content: 1 and a visible alert)"
            }
            return "the app \(removes) itself when iOS wakes it (a background push: best-effort, throttled by iOS)"
        }
        guard action.isRetraction else { return "\(removes), then shows this one in their place" }
        if notification.deliversNothing { return "\(removes) and shows nothing (needs the filtering entitlement)" }
        let shown = notification.decisions.contains { $0.code == .retractionVisible }
        return "\(removes), then shows this text" + (shown ? " in their place (retract fallback visible)" : ", which the app did not choose (see the retraction decision)")
    }

    /// What an action does, after "a push that": `replaces a message`.
    private static func verb(_ action: MessageAction) -> String {
        switch action {
        case .replace: "replaces a message"
        case .retract: "retracts messages"
        case .clearConversation: "clears a conversation"
        }
    }

    /// The pictures the phone would have: the sender's (only from an avatar URL: a local file is
    /// read by a preview alone) and the group's, when downloaded.
    private static func images(_ notification: EnrichedNotification) -> Set<AvatarSlot> {
        var images: Set<AvatarSlot> = []
        if notification.message.sender?.avatarURL != nil, notification.avatar?.data != nil { images.insert(.sender) }
        if notification.groupAvatar?.data != nil { images.insert(.group) }
        return images
    }
}
