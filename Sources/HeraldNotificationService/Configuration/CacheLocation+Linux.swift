#if !canImport(Darwin)
import Foundation

extension CacheLocation {
    /// No app groups here (Linux): the private cache is used.
    static func groupContainer(_ appGroup: String) -> URL? {
        nil
    }
}
#endif
