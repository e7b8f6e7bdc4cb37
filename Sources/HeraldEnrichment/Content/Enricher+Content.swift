import Foundation
import HeraldCore

extension Enricher {
    /// The pipeline for a push that carries only ids: fetch the message from the app's server
    /// (``EnrichmentConfiguration/contentSource``), write it over the push, and go on as for a
    /// push that carried it; on any failure, go on with the push as received and its fallback
    /// text. The acknowledgement, when configured, runs beside the rest and ends before delivery.
    func enrichFetched(_ payload: Payload, original: Preview, progress: EnrichmentProgress, budgetEnd: C.Instant) async -> EnrichedNotification {
        guard let source = configuration.contentSource else {
            let decision = Decision(
                .contentNotFetched, "content not fetched (no-url): the push asks for its content to be fetched, but this extension has no ContentURL: its own text is shown")
            var notification = await enrichReceived(payload, original: original, progress: progress, budgetEnd: budgetEnd, leading: [decision])
            notification.fetchesContent = true
            notification.contentNotFetchedReason = ContentFetchFailure.noIdentifier("").reason
            return notification
        }
        let fallback = source.fallbackText ?? original.content.body
        // Until the content arrives, an expiry delivers the fallback.
        var waiting = EnrichedNotification.asSent(original, payload: payload, encryptedFallbackText: nil)
        waiting.content.body = fallback
        progress.publish(waiting)

        let fetch = ContentFetch(source: source, fetcher: fetcher, allowHTTP: configuration.allowHTTP)
        let message = original.message
        let fetched: Result<JSONValue, ContentFetchFailure>
        switch await Deadline.run(until: min(clock.now.advanced(by: source.timeout), budgetEnd), on: clock, { await fetch.payload(for: message) }) {
        case .finished(let result): fetched = result
        case .timedOut: fetched = .failure(.timedOut)
        }
        let receivedAt = wallClock()
        let wasFetched = if case .success = fetched { true } else { false }
        let clock = self.clock
        let acknowledges = source.acknowledgementTemplate != nil
        async let acknowledgement: Decision? = !acknowledges ? nil : Self.acknowledge(
            message, fetched: wasFetched, receivedAt: receivedAt, with: fetch,
            until: min(clock.now.advanced(by: Self.acknowledgementTimeout), budgetEnd), on: clock)

        var notification: EnrichedNotification
        switch fetched {
        case .success(let json):
            let merged = Self.written(json, over: payload, layout: original.layout)
            let decision = Decision(.contentFetched, "the message was fetched from \(Self.host(source.urlTemplate)) and written over the push")
            notification = await enrichReceived(
                merged, original: Preview(payload: merged, layout: configuration.layout), progress: progress, budgetEnd: budgetEnd, leading: [decision])
        case .failure(let failure):
            let shown = source.fallbackText == nil ? "the push's own text is shown" : "the fallback text is shown"
            let decision = Decision(.contentNotFetched, "content not fetched (\(failure.reason)): \(failure); \(shown)")
            notification = await enrichReceived(
                payload, original: original, progress: progress, budgetEnd: budgetEnd, leading: [decision], fallbackBody: fallback)
        }
        notification.fetchesContent = true
        if case .failure(let failure) = fetched { notification.contentNotFetchedReason = failure.reason }
        if let decision = await acknowledgement { notification.decisions.append(decision) }
        return notification
    }

    /// The server's answer written over the push. An answer in plain APNs shape (no provider's
    /// markers) has its `aps` written over the push's and the rest into the push's data root
    /// (`custom.a` for OneSignal), so one answer serves pushes from every provider; an answer in
    /// a provider's shape is written over the whole push.
    static func written(_ answer: JSONValue, over payload: Payload, layout: Layout) -> Payload {
        guard case .object(var members) = answer, Layout.detect(in: answer).layout.name == Layout.apns.name else {
            return Payload(json: payload.json.merging(answer))
        }
        var json = payload.json
        if let aps = members.removeValue(forKey: "aps") { json = json.merging(["aps": aps]) }
        let root = layout.dataRoot(in: payload.json)
        json.set((root.resolve(in: json) ?? .object([:])).merging(.object(members)), at: root)
        return Payload(json: json)
    }

    /// How long the acknowledgement may take; the budget still bounds it.
    static var acknowledgementTimeout: Duration { .seconds(5) }

    private static func acknowledge(
        _ message: Message, fetched: Bool, receivedAt: Date, with fetch: ContentFetch, until deadline: C.Instant, on clock: C
    ) async -> Decision? {
        switch await Deadline.run(until: deadline, on: clock, { await fetch.acknowledge(message, fetched: fetched, receivedAt: receivedAt) }) {
        case .finished(let decision): return decision
        case .timedOut: return Decision(.contentNotAcknowledged, "the arrival was not acknowledged: the server did not answer in time")
        }
    }

    /// The template's host, for a decision: never its path, which holds the ids.
    private static func host(_ template: String) -> String {
        ContentURLTemplate.sample(template)?.host ?? "the app's server"
    }
}
