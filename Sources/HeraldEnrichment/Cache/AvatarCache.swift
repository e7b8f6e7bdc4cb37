import Crypto
import Foundation
@_spi(HeraldTools) import HeraldCore

/// Avatars on disk, keyed by a hash of their URL, shared by every extension process.
///
/// Entries are written to a temporary file and renamed into place, so a reader in another
/// process or another notification sees the old entry or the new one, never half of one. The
/// total size is bounded; the least recently used entries go first. Freshness follows
/// `Cache-Control: max-age`; a stale entry with an `ETag` or `Last-Modified` is revalidated
/// with a conditional GET.
struct AvatarCache: Sendable {
    let directory: URL
    let byteLimit: Int
    let now: @Sendable () -> Date

    private static let fileExtension = "avatar"

    /// Opens the configured directory, or its fallback when it cannot be opened.
    ///
    /// Each is a ``PrivateDirectory``: created 0700 when missing, and refused when it is a
    /// link, another user's, or writable by others, so no one else can plant an entry that
    /// would be shown as a sender's face.
    ///
    /// - Returns: the cache (or `nil` when neither directory opens) and decisions saying which.
    static func open(_ configuration: AvatarCacheConfiguration, now: @escaping @Sendable () -> Date) -> (AvatarCache?, [Decision]) {
        let primary: PrivateFileError
        do {
            let directory = try PrivateDirectory(configuration.directory)
            return (AvatarCache(directory: directory.url, byteLimit: configuration.byteLimit, now: now), [])
        } catch {
            primary = error
        }
        guard let fallbackURL = configuration.fallbackDirectory else {
            return (nil, [Decision(.avatarCacheUnavailable, "the avatar cache cannot be used: \(primary); no fallback is set, so avatars are not cached")])
        }
        let fallback: PrivateDirectory
        do {
            fallback = try PrivateDirectory(fallbackURL)
        } catch {
            return (nil, [Decision(.avatarCacheUnavailable, "the avatar cache cannot be used: \(primary); nor can its fallback: \(error); avatars are not cached")])
        }
        return (
            AvatarCache(directory: fallback.url, byteLimit: configuration.byteLimit, now: now),
            [Decision(.avatarCacheFallback, "the avatar cache cannot be used (on a phone, perhaps before first unlock): \(primary); using \(fallback.url.path)")]
        )
    }

    func file(for url: URL) -> URL {
        let digest = SHA256.hash(data: Data(url.absoluteString.utf8))
        let name = digest.map { String(format: "%02x", $0) }.joined()
        return directory.appendingPathComponent(name).appendingPathExtension(AvatarCache.fileExtension)
    }

    /// The entry for `url`, marking it recently used; `nil` when absent or unreadable.
    func lookup(_ url: URL) -> CachedAvatar? {
        let path = file(for: url)
        guard let contents = FileManager.default.contents(atPath: path.path), let entry = CachedAvatar(decoding: contents, url: url) else {
            return nil
        }
        touch(path)
        return entry
    }

    /// Stores an entry atomically, then evicts least recently used entries over the limit.
    ///
    /// - Throws: file-system errors; the caller records them as a decision.
    func store(_ entry: CachedAvatar, for url: URL) throws {
        let destination = file(for: url)
        try PrivateFile.replace(destination, with: entry.encoded(url: url))
        touch(destination)
        evict(keeping: destination)
    }

    /// How long a response may be used without revalidation, from its `Cache-Control`.
    ///
    /// - Returns: `nil` when the response must not be stored (`no-store`); otherwise the
    ///   instant it goes stale (now, without `max-age` or with `no-cache`).
    func freshUntil(headers: [String: String]) -> Date? {
        let directives = (headers["cache-control"] ?? "").lowercased().split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
        if directives.contains("no-store") { return nil }
        if directives.contains("no-cache") { return now() }
        for directive in directives where directive.hasPrefix("max-age=") {
            if let seconds = Int(directive.dropFirst("max-age=".count)), seconds > 0 {
                return now().addingTimeInterval(TimeInterval(seconds))
            }
        }
        return now()
    }

    private func touch(_ file: URL) {
        // The modification date is the last use; failing to update it only makes eviction less exact.
        try? FileManager.default.setAttributes([.modificationDate: now()], ofItemAtPath: file.path)
    }

    private func evict(keeping kept: URL) {
        let keys: [URLResourceKey] = [.contentModificationDateKey, .fileSizeKey]
        // Eviction is housekeeping: if the directory cannot be listed now, the next store tries again.
        guard let files = try? FileManager.default.contentsOfDirectory(at: directory, includingPropertiesForKeys: keys) else { return }
        var entries = files.filter { $0.pathExtension == AvatarCache.fileExtension }.compactMap { file -> (URL, Date, Int)? in
            // Gone between listing and reading (another process evicted it): nothing to count.
            guard let values = try? file.resourceValues(forKeys: Set(keys)) else { return nil }
            return (file, values.contentModificationDate ?? .distantPast, values.fileSize ?? 0)
        }
        var total = entries.reduce(0) { $0 + $1.2 }
        entries.sort { $0.1 < $1.1 }
        for (file, _, size) in entries where total > byteLimit && file.standardizedFileURL != kept.standardizedFileURL {
            // Another process may have evicted it already: either way it is gone.
            try? FileManager.default.removeItem(at: file)
            total -= size
        }
    }
}
