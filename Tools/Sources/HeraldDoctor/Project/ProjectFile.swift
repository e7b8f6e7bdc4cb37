import Foundation
@_spi(HeraldTools) import HeraldCore

/// Reads a file of an app's project, with what went wrong as a ``DoctorError`` naming it.
///
/// Every file `herald doctor` reads comes through here, and none outside the folder it was
/// given (``ProjectRoot``) or past a size limit: a `project.pbxproj` up to ``projectLimit``, any
/// other file up to ``limit``. The file is opened at its real path once that is found inside,
/// and where the opened file really is (``Platform/path(ofOpenFile:)``) is checked again, so a
/// folder swapped for a link in between is refused too. The size is checked on the opened file
/// and at most the limit and one byte are read, so a file that grows in the meantime is refused
/// too. Anything but a regular file (a FIFO, a device, a folder) is refused without waiting for
/// it to be written.
enum ProjectFile {
    /// The largest `project.pbxproj` read: 32 MiB, over thirty times the largest of the real
    /// projects the tests read (Element X's, 0.9 MB).
    static let projectLimit = 32 << 20
    /// The largest Info.plist, entitlements, `.xcconfig`, workspace, app config, Podfile or
    /// source file read: 1 MiB, where real ones are a few kilobytes.
    static let limit = 1 << 20

    /// The file's bytes.
    ///
    /// - Parameters:
    ///   - url: the file, as the project names it.
    ///   - root: the folder `herald doctor` was given; nothing outside it is read.
    /// - Throws: ``DoctorError`` naming the file: it is outside `root`, cannot be opened, is not
    ///   a regular file, or is larger than its limit (its size and the limit said).
    static func data(at url: URL, in root: ProjectRoot) throws(DoctorError) -> Data {
        let isProject = url.lastPathComponent == "project.pbxproj"
        let most = isProject ? projectLimit : limit
        let (handle, size) = try handle(to: url, in: root)
        let over = "over the \(most >> 20) MiB limit for \(isProject ? "a project.pbxproj" : "any file but project.pbxproj")"
        guard size <= most else { throw DoctorError(file: url, reason: "not read: \(size) bytes, \(over)") }
        let data: Data
        do {
            data = try handle.read(upToCount: most + 1) ?? Data()
        } catch {
            throw DoctorError(file: url, reason: "cannot read it (\(error.localizedDescription))")
        }
        guard data.count <= most else { throw DoctorError(file: url, reason: "not read: it grew while read, \(over)") }
        return data
    }

    /// The file opened for reading, once it is known to be a regular file inside `root`, and its
    /// size then: for a reader that reads parts of a large file (a signed build's executable,
    /// an .ipa) rather than all of it.
    ///
    /// - Parameters:
    ///   - url: the file.
    ///   - root: the folder `herald doctor` was given; nothing outside it is opened.
    /// - Returns: the open file, closed when the handle is released, and its size in bytes.
    /// - Throws: ``DoctorError`` naming the file: it is outside `root`, cannot be opened, or is
    ///   not a regular file.
    static func handle(to url: URL, in root: ProjectRoot) throws(DoctorError) -> (handle: FileHandle, size: Int) {
        guard let path = root.resolvedPath(of: url) else { throw DoctorError(file: url, reason: root.refusal) }
        // O_NONBLOCK: opening a FIFO for reading would otherwise wait for a writer. O_NOFOLLOW:
        // the real path ends in no link, unless one was put there since.
        let descriptor = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC | O_NOFOLLOW)
        guard descriptor >= 0 else { throw systemError(url) }
        let handle = FileHandle(fileDescriptor: descriptor, closeOnDealloc: true)
        guard let opened = Platform.path(ofOpenFile: descriptor) else {
            throw DoctorError(file: url, reason: "not read: the system cannot say where the opened file is, so that it is inside the folder herald doctor was given")
        }
        guard root.holds(openedPath: opened) else { throw DoctorError(file: url, reason: root.refusal) }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { throw systemError(url) }
        guard status.st_mode & mode_t(S_IFMT) == mode_t(S_IFREG) else {
            throw DoctorError(file: url, reason: "not read: \(Self.kind(of: status.st_mode)), not a regular file")
        }
        return (handle, Int(status.st_size))
    }

    /// The property list in the file, in any of its formats, with the line of a syntax error.
    static func propertyList(at url: URL, in root: ProjectRoot) throws(DoctorError) -> PropertyList {
        let data = try data(at: url, in: root)
        do {
            return try PropertyList(reading: data)
        } catch {
            throw DoctorError(file: url, line: error.line, reason: error.reason)
        }
    }

    /// The file as UTF-8 text.
    ///
    /// - Throws: ``DoctorError`` as ``data(at:in:)`` does, or for text that is not UTF-8.
    static func text(at url: URL, in root: ProjectRoot) throws(DoctorError) -> String {
        guard let text = String(data: try data(at: url, in: root), encoding: .utf8) else { throw DoctorError(file: url, reason: "not read: not UTF-8 text") }
        return text
    }

    /// The last system call's failure (`errno`), naming the file.
    private static func systemError(_ url: URL) -> DoctorError {
        DoctorError(file: url, reason: "cannot read it (\(String(cString: strerror(errno))))")
    }

    /// What a file that is not a regular one is, for the refusal.
    private static func kind(of mode: mode_t) -> String {
        switch mode & mode_t(S_IFMT) {
        case mode_t(S_IFDIR): "a folder"
        case mode_t(S_IFIFO): "a FIFO (named pipe)"
        case mode_t(S_IFSOCK): "a socket"
        case mode_t(S_IFCHR), mode_t(S_IFBLK): "a device"
        default: "a special file"
        }
    }
}
