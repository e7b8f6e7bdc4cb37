import Foundation

/// The folder in an app group's container where the app and its extension share Herald's
/// files (the unread count, the contact map): `Library/Application Support/Herald`.
enum AppGroupFolder {
    /// The folder in `container`, created (mode 0700) when missing.
    ///
    /// - Parameter container: the app group's container
    ///   (`FileManager.containerURL(forSecurityApplicationGroupIdentifier:)`).
    /// - Throws: when the folders cannot be made.
    static func make(in container: URL) throws -> URL {
        let folder = container.appendingPathComponent("Library/Application Support/Herald", isDirectory: true)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        return folder
    }
}
