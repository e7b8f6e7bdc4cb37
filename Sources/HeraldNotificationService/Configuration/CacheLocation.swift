import Foundation
import HeraldEnrichment

/// Where the avatar cache lives: the app group's container, shared by the app and every
/// extension process, else the extension's own caches directory.
enum CacheLocation {
    static let folderName = "herald-avatar-cache"

    static func avatarCache(appGroup: String?) -> AvatarCacheConfiguration {
        let fallback = FileManager.default.urls(for: .cachesDirectory, in: .userDomainMask).first
            ?? FileManager.default.temporaryDirectory
        let own = fallback.appendingPathComponent(folderName, isDirectory: true)
        guard let appGroup, let container = groupContainer(appGroup) else {
            return AvatarCacheConfiguration(directory: own, fallbackDirectory: nil)
        }
        // Before first unlock the group container may not open: the private cache stands in.
        return AvatarCacheConfiguration(
            directory: container.appendingPathComponent("Library/Caches", isDirectory: true).appendingPathComponent(folderName, isDirectory: true),
            fallbackDirectory: own)
    }
}
