import HeraldNotificationService

/// A fetcher that refuses every download: the extension in a test never reaches the network.
nonisolated struct NoNetwork: Fetcher {
    func fetch(_ request: FetchRequest) async throws -> FetchResponse {
        throw FetchError(.transport, "no network in this extension (\(request.url.absoluteString))")
    }
}
