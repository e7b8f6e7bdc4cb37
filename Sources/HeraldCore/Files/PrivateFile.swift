import Foundation

/// Files only the user running Herald can read: created with mode 0600, never through a
/// symbolic link.
@_spi(HeraldTools) public enum PrivateFile {
    /// Creates a new file with mode 0600 and opens it for writing.
    ///
    /// - Parameter url: a file that must not exist yet (not even as a link).
    /// - Returns: the open file; closing it is the caller's.
    /// - Throws: ``PrivateFileError`` when it exists or cannot be created.
    @_spi(HeraldTools) public static func create(_ url: URL) throws(PrivateFileError) -> FileHandle {
        let descriptor = open(url.path, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else {
            throw PrivateFileError(.failed, path: url.path, "\(url.path) cannot be created: \(systemReason(errno))")
        }
        return FileHandle(fileDescriptor: descriptor, closeOnDealloc: true)
    }

    /// Opens a file for appending, creating it with mode 0600 when missing.
    ///
    /// - Parameter url: the file; a link, or a file another user owns, is refused.
    /// - Returns: the open file, positioned at its end.
    /// - Throws: ``PrivateFileError`` saying what is there instead, or why it cannot be opened.
    @_spi(HeraldTools) public static func openForAppending(_ url: URL) throws(PrivateFileError) -> FileHandle {
        let path = url.path
        let descriptor = open(path, O_WRONLY | O_APPEND | O_CREAT | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else {
            let code = errno
            var info = stat()
            if lstat(path, &info) == 0, (info.st_mode & S_IFMT) == S_IFLNK {
                throw PrivateFileError(.symbolicLink, path: path, "\(path) is a symbolic link, which Herald does not write through; remove it or name another file")
            }
            throw PrivateFileError(.failed, path: path, "\(path) cannot be opened for writing: \(systemReason(code))")
        }
        let handle = FileHandle(fileDescriptor: descriptor, closeOnDealloc: true)
        var info = stat()
        guard fstat(descriptor, &info) == 0 else {
            throw PrivateFileError(.failed, path: path, "\(path) cannot be examined: \(systemReason(errno))")
        }
        guard (info.st_mode & S_IFMT) == S_IFREG else {
            throw PrivateFileError(.notAFile, path: path, "\(path) is not a regular file; name a file")
        }
        guard info.st_uid == geteuid() else {
            throw PrivateFileError(.ownedByAnother, path: path, "\(path) belongs to user \(info.st_uid), not to you (\(geteuid())); name a file of your own")
        }
        return handle
    }

    /// Replaces a file's contents at once: `data` goes to a new 0600 file beside it, which is
    /// then renamed over it, so a reader sees the old file or the new one. Anything but a
    /// regular file already at `url` is refused, neither followed nor replaced: a link (planted,
    /// or `/dev/stdout`), a folder, a device such as `/dev/null`, a FIFO. Run as root, a rename
    /// would replace even those.
    ///
    /// - Throws: ``PrivateFileError`` when `url` is not a regular file, or the new file cannot be
    ///   written or renamed.
    @_spi(HeraldTools) public static func replace(_ url: URL, with data: Data) throws(PrivateFileError) {
        var existing = stat()
        if lstat(url.path, &existing) == 0 {
            switch existing.st_mode & S_IFMT {
            case S_IFREG:
                break
            case S_IFLNK:
                throw PrivateFileError(.symbolicLink, path: url.path, "\(url.path) is a symbolic link, which Herald neither writes through nor replaces; name a regular file")
            default:
                throw PrivateFileError(.notAFile, path: url.path, "\(url.path) is not a regular file (a folder, a device or a FIFO), which Herald does not replace; name a file")
            }
        }
        let temporary = url.deletingLastPathComponent().appendingPathComponent(".\(url.lastPathComponent).\(UUID().uuidString).tmp")
        do throws(PrivateFileError) {
            let handle = try create(temporary)
            do {
                try handle.write(contentsOf: data)
                try handle.close()
            } catch {
                throw PrivateFileError(.failed, path: url.path, "\(url.path) cannot be written: \(error.localizedDescription)")
            }
            guard rename(temporary.path, url.path) == 0 else {
                throw PrivateFileError(.failed, path: url.path, "\(url.path) cannot be replaced: \(systemReason(errno))")
            }
        } catch {
            unlink(temporary.path)  // nothing to remove when the file was never created
            throw error
        }
    }

    /// The system's words for an `errno` value.
    @_spi(HeraldTools) public static func systemReason(_ code: Int32) -> String {
        String(cString: strerror(code))
    }
}
