import Foundation
import HeraldCore

/// Drawn initials avatars, kept in the avatar cache beside downloaded ones, so a sender's
/// letters are drawn once, not for every message.
///
/// An entry's key is the drawing's every input (a version, the size, the colour and the
/// letters), so a changed name or colour rule is a new entry and a stale one is never shown;
/// entries never go stale by themselves and leave with the cache's least recently used.
public struct DrawnAvatarCache: Sendable {
    private let cache: AvatarCache?
    /// What opening the cache decided (a fallback folder, or no cache), reported with the
    /// first drawing.
    public let openingDecisions: [Decision]

    /// Bumped when the drawing changes, so that older drawings are not reused.
    private static let version = 1

    /// Opens the avatar cache `configuration` names, or none.
    ///
    /// - Parameters:
    ///   - configuration: the extension's avatar cache (``EnrichmentConfiguration/avatarCache``);
    ///     `nil` draws every time.
    ///   - now: calendar time, for the cache's least-recently-used order.
    public init(_ configuration: AvatarCacheConfiguration?, now: @escaping @Sendable () -> Date = { Date() }) {
        (cache, openingDecisions) = configuration.map { AvatarCache.open($0, now: now) } ?? (nil, [])
    }

    /// The PNG of `avatar` at `pixelSize`: from the cache, else drawn by `draw` and stored.
    ///
    /// - Returns: the bytes (`nil` when `draw` could not draw them) and a decision when the
    ///   drawing could not be stored.
    public func image(of avatar: InitialsAvatar, pixelSize: Int, draw: (InitialsAvatar, Int) -> Data?) -> (Data?, Decision?) {
        let key = Self.key(avatar, pixelSize: pixelSize)
        if let key, let cached = cache?.lookup(key) { return (cached.data, nil) }
        guard let drawn = draw(avatar, pixelSize) else { return (nil, nil) }
        guard let cache, let key else { return (drawn, nil) }
        do {
            try cache.store(CachedAvatar(data: drawn, etag: nil, lastModified: nil, freshUntil: .distantFuture), for: key)
            return (drawn, nil)
        } catch {
            return (drawn, Decision(.avatarCacheUnavailable, "the drawn initials could not be cached (\(error)); they are drawn again next time"))
        }
    }

    /// `herald-initials:1/180/%231f6feb/ML`: never an address anything downloads from; `nil`
    /// (not cached) should URLComponents refuse it.
    static func key(_ avatar: InitialsAvatar, pixelSize: Int) -> URL? {
        var components = URLComponents()
        components.scheme = "herald-initials"
        components.path = "\(version)/\(pixelSize)/\(avatar.color.cssHex)/\(avatar.letters)"
        return components.url
    }
}
