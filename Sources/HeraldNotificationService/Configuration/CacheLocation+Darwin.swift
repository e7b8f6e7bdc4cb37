#if canImport(Darwin)
import Foundation

// UNVERIFIED: compiled only on Apple platforms.
extension CacheLocation {
    static func groupContainer(_ appGroup: String) -> URL? {
        FileManager.default.containerURL(forSecurityApplicationGroupIdentifier: appGroup)
    }
}
#endif
