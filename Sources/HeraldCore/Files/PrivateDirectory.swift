import Foundation

/// A folder only the user running Herald can read or write: created with mode 0700, or checked
/// before use when it already exists.
///
/// Every folder from below a trusted parent down to the folder itself must be a real folder
/// (never a symbolic link), owned by this user, and writable by nobody else; missing ones are
/// created 0700. Another local user therefore cannot plant a link that redirects Herald's
/// writes, nor files that Herald would read as its own. Files are created inside with mode
/// 0600 (``PrivateFile``).
@_spi(HeraldTools) public struct PrivateDirectory: Hashable, Sendable {
    /// The checked folder.
    @_spi(HeraldTools) public let url: URL

    /// Creates or checks `url` and every folder between `trusted` and it.
    ///
    /// - Parameters:
    ///   - url: the folder.
    ///   - trusted: a folder above `url` taken as it is; folders above it may be links, as
    ///     `/tmp` is on macOS. `nil` trusts the temporary directory when `url` is inside it
    ///     (every folder below it is checked, since any user can create one there), and else
    ///     the nearest folder above `url` that exists (`url` and the folders made are checked).
    /// - Throws: ``PrivateFileError`` naming the first folder that is not private, or cannot be made.
    @_spi(HeraldTools) public init(_ url: URL, trusting trusted: URL? = nil) throws(PrivateFileError) {
        let target = url.standardizedFileURL
        let temporary = FileManager.default.temporaryDirectory.standardizedFileURL.path
        let stop = trusted?.standardizedFileURL.path ?? (target.path.hasPrefix(temporary.hasSuffix("/") ? temporary : temporary + "/") ? temporary : nil)
        var pending: [URL] = []
        var folder = target
        while folder.path != stop, folder.path != "/" {
            pending.append(folder)
            let parent = folder.deletingLastPathComponent()
            if stop == nil, FileManager.default.fileExists(atPath: parent.path) { break }
            folder = parent
        }
        for folder in pending.reversed() {
            try PrivateDirectory.make(folder)
        }
        self.url = target
    }

    /// The per-user folder `herald-UID/name` in the temporary directory.
    ///
    /// - Throws: ``PrivateFileError`` when another user holds `herald-UID` or `name` there.
    @_spi(HeraldTools) public static func temporary(_ name: String) throws(PrivateFileError) -> PrivateDirectory {
        try PrivateDirectory(temporaryURL(name), trusting: FileManager.default.temporaryDirectory)
    }

    /// Where ``temporary(_:)`` puts `name`, before anything is created or checked.
    @_spi(HeraldTools) public static func temporaryURL(_ name: String) -> URL {
        FileManager.default.temporaryDirectory
            .appendingPathComponent("herald-\(geteuid())", isDirectory: true)
            .appendingPathComponent(name, isDirectory: true)
    }

    /// A subfolder, created or checked the same way.
    @_spi(HeraldTools) public func subdirectory(_ name: String) throws(PrivateFileError) -> PrivateDirectory {
        try PrivateDirectory(url.appendingPathComponent(name, isDirectory: true), trusting: url)
    }

    /// The URL of `name` inside this folder.
    @_spi(HeraldTools) public func file(_ name: String) -> URL {
        url.appendingPathComponent(name, isDirectory: false)
    }

    /// Makes `folder` with mode 0700, or checks the one already there.
    private static func make(_ folder: URL) throws(PrivateFileError) {
        let path = folder.path
        if mkdir(path, 0o700) != 0, errno != EEXIST {
            throw PrivateFileError(.failed, path: path, "the folder \(path) cannot be created: \(PrivateFile.systemReason(errno))")
        }
        var info = stat()
        guard lstat(path, &info) == 0 else {
            throw PrivateFileError(.failed, path: path, "the folder \(path) cannot be examined: \(PrivateFile.systemReason(errno))")
        }
        guard (info.st_mode & S_IFMT) != S_IFLNK else {
            throw PrivateFileError(.symbolicLink, path: path, "\(path) is a symbolic link, which Herald does not follow for its own folders (another user may have planted it); remove it or name another folder")
        }
        guard (info.st_mode & S_IFMT) == S_IFDIR else {
            throw PrivateFileError(.notAFolder, path: path, "\(path) is not a folder; remove it or name another folder")
        }
        guard info.st_uid == geteuid() else {
            throw PrivateFileError(.ownedByAnother, path: path, "the folder \(path) belongs to user \(info.st_uid), not to you (\(geteuid())); Herald keeps its files only in folders of your own: remove it or name another folder")
        }
        guard info.st_mode & 0o022 == 0 else {
            throw PrivateFileError(.writableByOthers, path: path, "the folder \(path) can be written by other users (mode \(String(info.st_mode & 0o777, radix: 8))); `chmod go-w` it or name another folder")
        }
    }
}
