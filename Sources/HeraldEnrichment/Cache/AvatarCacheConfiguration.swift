import Foundation
import HeraldCore

/// Where and how much the avatar cache keeps.
public struct AvatarCacheConfiguration: Hashable, Sendable {
    /// The cache directory: on iOS, inside the app-group container so the app and every
    /// extension process share it.
    public var directory: URL
    /// Used when ``directory`` cannot be opened (for example before first unlock, when the
    /// app-group container is protected); `nil` caches nothing then.
    public var fallbackDirectory: URL?
    /// Total bytes kept; the least recently used avatars are evicted past it.
    public var byteLimit: Int

    /// - Parameters:
    ///   - directory: the cache directory.
    ///   - fallbackDirectory: used when `directory` cannot be opened; default `herald-UID/avatar-cache` in the temporary directory.
    ///   - byteLimit: total size; default 20 MB.
    public init(
        directory: URL,
        fallbackDirectory: URL? = DefaultFolder.temporary("avatar-cache"),
        byteLimit: Int = 20_000_000
    ) {
        self.directory = directory
        self.fallbackDirectory = fallbackDirectory
        self.byteLimit = byteLimit
    }
}
