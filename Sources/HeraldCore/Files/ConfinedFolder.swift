import Foundation

/// A folder that reads of files named by someone else's text are kept inside: a payload's
/// local media in `herald preview`, a project's files in `herald doctor`.
///
/// A file is inside when its real path (every symbolic link, `.` and `..` resolved, by
/// `realpath` or by the kernel for an open file: `Platform.path(ofOpenFile:)`) is below the
/// folder's. Nothing under `/proc`, `/sys` or `/dev` is inside, whatever the folder: they hold
/// the machine's state (a process's environment, devices), not media or a project.
@_spi(HeraldTools) public struct ConfinedFolder: Hashable, Sendable {
    /// The folder's own real path.
    @_spi(HeraldTools) public let realPath: String

    /// Folders never read, whatever the folder.
    @_spi(HeraldTools) public static let systemFolders = ["/proc", "/sys", "/dev"]

    /// - Parameter realPath: the folder's path, already resolved.
    @_spi(HeraldTools) public init(realPath: String) {
        self.realPath = realPath
    }

    /// The folder at `path` as the kernel names it once opened, to judge a file the kernel
    /// names the same way (`Platform.path(ofOpenFile:)`); `nil` when it cannot be opened or
    /// named.
    ///
    /// Both names then come from one source. On Apple platforms `realpath` and `F_GETPATH`
    /// might name a folder differently (a firmlink such as `/Users` and
    /// `/System/Volumes/Data/Users`; UNVERIFIED here), which would refuse every file inside.
    @_spi(HeraldTools) public static func opened(_ path: String) -> ConfinedFolder? {
        let descriptor = open(path, O_RDONLY | O_DIRECTORY | O_NONBLOCK | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        return Platform.path(ofOpenFile: descriptor).map(ConfinedFolder.init(realPath:))
    }

    /// Whether a path already resolved is the folder or inside it, and not a system file.
    @_spi(HeraldTools) public func holds(realPath path: String) -> Bool {
        guard !Self.systemFolders.contains(where: { path == $0 || path.hasPrefix($0 + "/") }) else { return false }
        return realPath == "/" || path == realPath || path.hasPrefix(realPath + "/")
    }
}
