import Foundation

/// A signed build that is a folder: an `.app` or an `.xcarchive`, whose files are read as
/// doctor reads a project's (``ProjectFile``): nothing outside the folder it was given (a
/// symbolic link out of it is refused, not followed), nothing but regular files, a property
/// list or profile up to ``ProjectFile/limit``. The executable is read by parts
/// (``BuildFile``), so its size does not matter.
struct BuildFolder: BuildContents {
    /// The folder paths are relative to: the `.xcarchive` itself, or the folder that holds the
    /// `.app` (so that the app's path is its name).
    let base: URL
    /// The folder given, which nothing read may be outside.
    let root: ProjectRoot

    func exists(_ path: String) -> Bool {
        // Nothing outside the folder is asked about, not even whether it exists: a path
        // through a link that leads out counts as there, so that reading it says so.
        guard root.holds(url(path)) else { return true }
        // lstat: a link counts as there, so that reading it says where it leads rather than
        // that nothing is there.
        var status = stat()
        return lstat(url(path).path, &status) == 0
    }

    func names(in path: String) throws(DoctorError) -> [String] {
        let folder = url(path)
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: folder.path, isDirectory: &isFolder), isFolder.boolValue else { return [] }
        guard root.holds(folder) else { throw DoctorError(file: folder, reason: root.refusal) }
        do {
            return try FileManager.default.contentsOfDirectory(atPath: folder.path)
        } catch {
            throw DoctorError(file: folder, reason: "cannot list it (\(error.localizedDescription))")
        }
    }

    func data(_ path: String) throws(DoctorError) -> [UInt8] {
        Array(try ProjectFile.data(at: url(path), in: root))
    }

    func signature(_ path: String) throws(DoctorError) -> CodeSignature {
        var file = try BuildFile(url(path), in: root)
        do {
            return try MachOFile.signature(of: &file)
        } catch {
            throw located(error, path)
        }
    }

    func located(_ error: DoctorError, _ path: String) -> DoctorError {
        error.file == nil ? DoctorError(file: url(path), line: error.line, reason: error.reason) : error
    }

    private func url(_ path: String) -> URL {
        base.appendingPathComponent(path)
    }
}
