import HeraldCore
import HeraldEnrichment

/// What `herald preview` prints: the enriched notification, the lint findings on the payload
/// as sent, how long the pipeline took, and, for a provider's request body, how it was converted.
struct PreviewReport {
    let notification: EnrichedNotification
    let lint: [LintFinding]
    let elapsed: Duration
    /// How a provider's request body became the payload; `nil` for a device payload.
    var conversion: RequestConversion?

    var elapsedMilliseconds: Int {
        Int(elapsed.components.seconds * 1000 + elapsed.components.attoseconds / 1_000_000_000_000_000)
    }
}
