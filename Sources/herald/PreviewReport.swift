import HeraldCore
import HeraldEnrichment

/// What `herald preview` prints: the enriched notification, the lint findings on the payload
/// as sent, and how long the pipeline took.
struct PreviewReport {
    let notification: EnrichedNotification
    let lint: [LintFinding]
    let elapsed: Duration

    var elapsedMilliseconds: Int {
        Int(elapsed.components.seconds * 1000 + elapsed.components.attoseconds / 1_000_000_000_000_000)
    }
}
