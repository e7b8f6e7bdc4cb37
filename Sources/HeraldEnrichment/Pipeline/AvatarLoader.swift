import Foundation
import HeraldCore

/// Gets the sender's or the group's avatar: from the cache when fresh, else a (conditional)
/// download with a byte cap, checked by its header before anything decodes it.
struct AvatarLoader: Sendable {
    let media: MediaFetch
    let configuration: EnrichmentConfiguration
    let cache: AvatarCache?
    /// Whose picture: how the decisions name it.
    var slot: AvatarSlot = .sender

    /// Loads an avatar. Runs until done; the caller bounds it with a deadline.
    func load(_ url: URL) async -> (AvatarResult, [Decision]) {
        let cached = cache?.lookup(url)
        if let cached, let cache, cached.isFresh(at: cache.now()) {
            return accept(cached.data, status: .cached, how: "fresh in the cache, no network used")
        }
        var headers: [String: String] = [:]
        headers["If-None-Match"] = cached?.etag
        headers["If-Modified-Since"] = cached?.lastModified
        let response: FetchResponse
        switch await media.open(url, headers: headers) {
        case .refused(let reason):
            return (AvatarResult(status: .skipped), [Decision(.avatarSkipped, "\(slot.subject) not fetched: \(reason)")])
        case .failed(let reason):
            return (AvatarResult(status: .failed), [Decision(.avatarFailed, "\(slot.subject) download failed: \(reason)")])
        case .response(let opened):
            response = opened
        }
        if response.statusCode == 304, let cached, let cache {
            var refreshed = cached
            refreshed.freshUntil = cache.freshUntil(headers: response.headers) ?? cache.now()
            var (result, decisions) = accept(cached.data, status: .cached, how: "revalidated with the server (304 Not Modified)")
            decisions += store(refreshed, url: url)
            result.status = .cached
            return (result, decisions)
        }
        guard response.isSuccess else {
            return (AvatarResult(status: .failed), [Decision(.avatarFailed, "\(slot.subject) download failed: the server answered HTTP \(response.statusCode)")])
        }
        let data: Data
        do {
            guard let collected = try await response.collect(limit: configuration.avatarByteLimit) else {
                return (AvatarResult(status: .rejected), [Decision(.avatarRejected, "\(slot.subject) rejected: larger than the \(configuration.avatarByteLimit)-byte limit (stopped reading there)")])
            }
            data = collected
        } catch is CancellationError {
            return (AvatarResult(status: .timedOut), [Decision(.avatarTimedOut, "\(slot.subject) download cancelled")])
        } catch {
            return (AvatarResult(status: .failed), [Decision(.avatarFailed, "\(slot.subject) download failed while reading: \(error)")])
        }
        var (result, decisions) = accept(data, status: .downloaded, how: "downloaded (\(data.count) bytes)")
        if result.status == .downloaded, let cache, let freshUntil = cache.freshUntil(headers: response.headers) {
            decisions += store(CachedAvatar(data: data, etag: response.headers["etag"], lastModified: response.headers["last-modified"], freshUntil: freshUntil), url: url)
        }
        return (result, decisions)
    }

    /// Checks avatar bytes by their header: the format from the bytes, never the URL or
    /// Content-Type; too many pixels rejected; more than the display needs marked for downsampling.
    func accept(_ data: Data, status: FetchStatus, how: String) -> (AvatarResult, [Decision]) {
        let info: ImageInfo
        do {
            info = try MediaSniffer.imageInfo(of: data)
        } catch {
            return (AvatarResult(status: .rejected), [Decision(.avatarRejected, "\(slot.subject) rejected: \(error.message)")])
        }
        let limit = configuration.maximumAvatarPixels
        guard info.pixelCount <= limit else {
            return (AvatarResult(status: .rejected, info: info), [
                Decision(.avatarRejected, "\(slot.subject) rejected: \(info.width)×\(info.height) \(info.format) has more than the \(limit)-pixel limit (decoded, it would take half the extension's memory)"),
            ])
        }
        let display = configuration.avatarDisplaySize
        let large = info.width > display || info.height > display
        var decisions = [Decision(status == .cached ? .avatarCached : .avatarDownloaded, "\(slot.subject) \(how): \(info.width)×\(info.height) \(info.format)")]
        if large {
            let dropped = info.pixelCount > configuration.maximumUndownsampledAvatarPixels
                ? " (over \(configuration.maximumUndownsampledAvatarPixels) pixels: dropped if that fails)" : ""
            decisions.append(Decision(.avatarNeedsDownsampling, "\(slot.subject) is larger than the \(display) px display size; the phone downsamples it before use\(dropped)"))
        }
        return (AvatarResult(status: status, data: data, info: info, needsDownsampling: large), decisions)
    }

    private func store(_ entry: CachedAvatar, url: URL) -> [Decision] {
        guard let cache else { return [] }
        do {
            try cache.store(entry, for: url)
            return []
        } catch {
            return [Decision(.avatarCacheWriteFailed, "\(slot.subject) not cached: \(error.localizedDescription)")]
        }
    }
}
