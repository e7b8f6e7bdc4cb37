import Foundation
import HeraldCore

extension Enricher {
    /// The pipeline for a push that carries only ids: fetch the message from the app's server
    /// (``EnrichmentConfiguration/contentSource``), write it over the push, and go on as for a
    /// push that carried it; on any failure, go on with the push as received and its fallback
    /// text. The acknowledgement, when configured, runs beside the rest and ends before delivery.
    func enrichFetched(_ payload: Payload, original: Preview, progress: EnrichmentProgress, budgetEnd: C.Instant) async -> EnrichedNotification {
        // When the push arrived, for the acknowledgement: before the fetch, which takes time.
        let receivedAt = wallClock()
        guard let source = configuration.contentSource else {
            let failure = ContentFetchFailure.noURL("the push asks for its content to be fetched, but this extension has no ContentURL")
            return await notFetched(failure, payload, original: original, fallbackText: nil, progress: progress, budgetEnd: budgetEnd)
        }
        // Until the content arrives, an expiry delivers the fallback.
        var waiting = EnrichedNotification.asSent(original, payload: payload, encryptedFallbackText: nil)
        waiting.mark(.notFetched(.timedOut), fallbackBody: source.fallbackText ?? original.content.body)
        progress.publish(waiting)

        let fetch = ContentFetch(source: source, fetcher: fetcher, allowHTTP: configuration.allowHTTP)
        let message = original.message
        // The token is read once, for the fetch and the acknowledgement, within the fetch's
        // deadline: a keychain may hang as well as a server.
        let (token, fetched): (Result<String?, ContentFetchFailure>, Result<JSONValue, ContentFetchFailure>)
        switch await Deadline.run(until: min(clock.now.advanced(by: source.timeout), budgetEnd), on: clock, {
            let token = await fetch.authorization()
            return (token, await fetch.payload(for: message, authorization: token))
        }) {
        case .finished(let result): (token, fetched) = result
        case .timedOut: (token, fetched) = (.failure(.timedOut), .failure(.timedOut))
        }
        let wasFetched = if case .success = fetched { true } else { false }
        let clock = self.clock
        // Beside the rest, within its own 5 s and the budget.
        async let acknowledgement: Decision? = source.acknowledgementTemplate == nil ? nil : Self.acknowledge(
            message, fetched: wasFetched, receivedAt: receivedAt, token: token, with: fetch,
            until: min(clock.now.advanced(by: Self.acknowledgementTimeout), budgetEnd), on: clock)

        var notification: EnrichedNotification
        switch fetched {
        case .success(let json):
            let merged = Self.written(json, over: payload, layout: original.layout)
            let decision = Decision(.contentFetched, "the message was fetched from \(Self.host(source.urlTemplate)) and written over the push")
            notification = await enrichReceived(
                merged, original: Preview(payload: merged, layout: configuration.layout), progress: progress, budgetEnd: budgetEnd, leading: [decision],
                fetch: .fetched)
        case .failure(let failure):
            notification = await notFetched(failure, payload, original: original, fallbackText: source.fallbackText, progress: progress, budgetEnd: budgetEnd)
        }
        if let decision = await acknowledgement { notification.decisions.append(decision) }
        return notification
    }

    /// The pipeline on the push as received, its body the fallback text (else its own), with the
    /// decision that says why nothing was fetched.
    private func notFetched(
        _ failure: ContentFetchFailure, _ payload: Payload, original: Preview, fallbackText: String?, progress: EnrichmentProgress, budgetEnd: C.Instant
    ) async -> EnrichedNotification {
        let shown = fallbackText == nil ? "the push's own text is shown" : "the fallback text is shown"
        let decision = Decision(.contentNotFetched, "content not fetched (\(failure.reason)): \(failure); \(shown)")
        return await enrichReceived(
            payload, original: original, progress: progress, budgetEnd: budgetEnd, leading: [decision],
            fallbackBody: fallbackText ?? original.content.body, fetch: .notFetched(failure))
    }

    /// POSTs the acknowledgement within `deadline`.
    private static func acknowledge(
        _ message: Message, fetched: Bool, receivedAt: Date, token: Result<String?, ContentFetchFailure>, with fetch: ContentFetch,
        until deadline: C.Instant, on clock: C
    ) async -> Decision? {
        switch await Deadline.run(until: deadline, on: clock, { await fetch.acknowledge(message, fetched: fetched, receivedAt: receivedAt, authorization: token) }) {
        case .finished(let decision): return decision
        case .timedOut: return Decision(.contentNotAcknowledged, "the arrival was not acknowledged: the server did not answer in time")
        }
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
        // A root that holds its object as JSON text (Expo's body) is read as that object, so
        // the push's own ids stay beside the answer's.
        // Text that is no JSON object is replaced, as any non-object value is: the layout read
        // nothing from it either, so no id of the push is lost (the parse error does not matter).
        var existing = root.resolve(in: json) ?? .object([:])
        if case .string(let text) = existing, let parsed = try? JSONValue(parsing: Array(text.utf8)), parsed.objectValue != nil {
            existing = parsed
        }
        json.set(existing.merging(.object(members)), at: root)
        return Payload(json: json)
    }

    /// How long the acknowledgement may take; the budget still bounds it.
    static var acknowledgementTimeout: Duration { .seconds(5) }

    /// The template's host, for a decision: never its path, which holds the ids.
    private static func host(_ template: String) -> String {
        ContentURLTemplate.sample(template)?.host ?? "the app's server"
    }
}

extension EnrichedNotification {
    /// Records, for a push that carries only ids, what became of its message, and shows the
    /// fallback body; nothing for another push (`fetch` `nil`).
    mutating func mark(_ fetch: ContentFetchOutcome?, fallbackBody: String?) {
        guard let fetch else { return }
        contentFetch = fetch
        if let fallbackBody { content.body = fallbackBody }
    }
}
