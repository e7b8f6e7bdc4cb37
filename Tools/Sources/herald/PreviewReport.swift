import HeraldCore
import HeraldDesk
import HeraldEnrichment
import HeraldSending

/// What `herald preview` prints: the enriched notification, the lint findings on the payload
/// as sent, how long the pipeline took, and, for a provider's request body, how it was converted.
struct PreviewReport {
    let notification: EnrichedNotification
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
    ///   - contentCategories: the app's content extensions' categories (`--project`), for lint.
    init(
        previewing device: DevicePayload, configuration: EnrichmentConfiguration, fetcher: any Fetcher, keyProvider: (any KeyProvider)?,
        pushOptions: APNSPushOptions = APNSPushOptions(), contentCategories: [(category: String, target: String)]? = nil
    ) async {
        let clock = ContinuousClock()
        let start = clock.now
        let original = Preview(payload: device.payload, layout: configuration.layout)
        let isBackground = Linter.isBackground(device.payload, conversion: device.conversion, pushOptions: pushOptions)
        if original.extensionWillRun {
            let enricher = Enricher(configuration: configuration, clock: clock, fetcher: fetcher, keyProvider: keyProvider)
            notification = await enricher.enrich(device.payload)
        } else {
            // The phone shows the payload as sent: nothing is decrypted, downloaded or laid out,
            // and an encrypted payload shows its placeholder, not the fallback text.
            notification = EnrichedNotification(
                stage: .complete, layoutName: original.layout.name, extensionWillRun: false, content: original.content, message: original.message,
                attachments: original.message.attachments.map { AttachmentResult(source: $0, status: .skipped) },
                decisions: original.decisions + [Decision(.extensionWillNotRun, "nothing is decrypted or downloaded, and no sender layout is drawn, since the extension does not run")]
                    + (isBackground ? [Decision(.extensionWillNotRun, "a background push: iOS shows nothing, and wakes the app to receive it")] : []))
        }
        isBackgroundPush = isBackground
        elapsed = start.duration(to: clock.now)
        var lint = Linter.lint(device.payload, preview: original, conversion: device.conversion, pushOptions: pushOptions)
        if let contentCategories { lint += Linter.lintCategory(device.payload, contentCategories: contentCategories) }
        self.lint = lint
        conversion = device.conversion
    }
}
