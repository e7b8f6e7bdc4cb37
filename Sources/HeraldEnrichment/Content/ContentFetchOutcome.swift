/// What became of a push that carries only ids (`fetch_content`): its message fetched, or why
/// not. ``EnrichedNotification/contentFetch`` is `nil` for any other push.
public enum ContentFetchOutcome: Hashable, Sendable {
    /// The server's answer was written over the push.
    case fetched
    /// Nothing was fetched; the fallback text is shown.
    case notFetched(ContentFetchFailure)
}
