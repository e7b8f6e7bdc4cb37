import Foundation

/// Finds a file a build setting names, as a case-insensitive Mac disk would.
enum FileLocator {
    /// Where the file is: `url` itself, or the one path that matches it ignoring case
    /// (`exactCase` false). `nil` when neither exists.
    static func locate(_ url: URL) -> (url: URL, exactCase: Bool)? {
        let manager = FileManager.default
        if manager.fileExists(atPath: url.path) { return (url, true) }
        var found = URL(fileURLWithPath: "/")
        for component in url.standardizedFileURL.pathComponents.dropFirst() {
            let exact = found.appendingPathComponent(component)
            if manager.fileExists(atPath: exact.path) {
                found = exact
                continue
            }
            let names = (try? manager.contentsOfDirectory(atPath: found.path)) ?? []
            guard let match = names.first(where: { $0.caseInsensitiveCompare(component) == .orderedSame }) else { return nil }
            found = found.appendingPathComponent(match)
        }
        return (found, false)
    }
}
