import Foundation
@_spi(HeraldTools) import HeraldCore

/// The folder `herald doctor` was given: it reads no file outside it.
///
/// A project is data from someone else, and any path in it (an `#include`, `INFOPLIST_FILE`,
/// `CODE_SIGN_ENTITLEMENTS`, a base configuration, a workspace's `FileRef`, a symbolic link)
/// could otherwise name any file on the machine, whose content a finding would then print. A
/// file is inside when its path, with every symbolic link, `.` and `..` resolved (`realpath`),
/// is inside the folder's. Nothing under `/proc`, `/sys` or `/dev` is inside, whatever the
/// folder. ``ProjectFile`` checks it before it opens a file and again on the opened file.
public struct ProjectRoot: Hashable, Sendable {
    /// The folder, every symbolic link resolved.
    public let url: URL
    /// `url.path`, against which files' real paths are compared.
    private let folder: ConfinedFolder

    /// The folder `herald doctor PATH` may read.
    ///
    /// PATH itself when it is a folder; the folder that holds it when it is an `.xcodeproj`, an
    /// `.xcworkspace` or a file (`app.json`); for a `project.pbxproj`, the folder that holds
    /// its `.xcodeproj`. Links in PATH are followed first, so a link to a project stands for
    /// the project where it really is.
    ///
    /// - Throws: ``DoctorError`` when PATH does not exist or cannot be resolved.
    public init(given path: String) throws(DoctorError) {
        let given = URL(fileURLWithPath: path).standardizedFileURL
        guard let real = Platform.realPath(given.path) else {
            let reason = errno == ENOENT || errno == ENOTDIR ? "no such file or folder" : "cannot read it (\(String(cString: strerror(errno))))"
            throw DoctorError(file: given, reason: reason)
        }
        var folder = URL(fileURLWithPath: real)
        if folder.lastPathComponent == "project.pbxproj" { folder.deleteLastPathComponent() }
        var isFolder: ObjCBool = false
        let exists = FileManager.default.fileExists(atPath: folder.path, isDirectory: &isFolder)
        if !exists || !isFolder.boolValue || ["xcodeproj", "xcworkspace"].contains(folder.pathExtension) {
            folder.deleteLastPathComponent()
        }
        self.init(folder: folder)
    }

    /// `folder` itself; see ``init(given:)`` for the folder `herald doctor PATH` means.
    ///
    /// A folder that does not exist holds nothing that does.
    public init(folder: URL) {
        self.folder = ConfinedFolder(realPath: Self.resolve(folder.path))
        url = URL(fileURLWithPath: self.folder.realPath, isDirectory: true)
    }

    /// Whether the file at `url` is inside (see ``ProjectRoot``). A file that does not exist
    /// is placed by its nearest folder that does, so whether it exists is never asked outside.
    func holds(_ url: URL) -> Bool {
        resolvedPath(of: url) != nil
    }

    /// The path of the file at `url` with every link resolved, when it is inside; `nil` when
    /// it is not.
    func resolvedPath(of url: URL) -> String? {
        let path = Self.resolve(url.path)
        return folder.holds(realPath: path) ? path : nil
    }

    /// Whether a file the kernel names `path` once opened (`Platform.path(ofOpenFile:)`) is
    /// inside: judged against the folder as the kernel names it too
    /// (``ConfinedFolder/opened(_:)``), so both names come from one source.
    func holds(openedPath path: String) -> Bool {
        ConfinedFolder.opened(folder.realPath)?.holds(realPath: path) == true
    }

    /// Why a file outside is not read: the rest of a ``DoctorError``'s reason.
    var refusal: String {
        "not read: outside the folder herald doctor was given (\(folder.realPath))"
    }

    /// `path` resolved as far as it exists: the real path of its nearest folder that exists,
    /// and the rest as written, with `.` and `..` in the rest taken as written too (a path
    /// through a folder that does not exist opens nothing, so this only decides whether it is
    /// reported as missing or as outside).
    static func resolve(_ path: String) -> String {
        let components = path.split(separator: "/").map(String.init)
        for end in stride(from: components.count, through: 0, by: -1) {
            guard let real = Platform.realPath("/" + components[..<end].joined(separator: "/")) else { continue }
            guard end < components.count else { return real }
            var resolved = real.split(separator: "/").map(String.init)
            for component in components[end...] {
                switch component {
                case ".": continue
                case "..": _ = resolved.popLast()
                default: resolved.append(component)
                }
            }
            return "/" + resolved.joined(separator: "/")
        }
        // Only when even "/" cannot be resolved.
        return path
    }
}
