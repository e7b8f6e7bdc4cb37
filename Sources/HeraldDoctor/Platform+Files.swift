import Foundation
import HeraldCore

#if canImport(Darwin)
import Darwin
#endif

// Every platform difference in HeraldDoctor but XMLParser's module lives here: HeraldCore's
// Platform, extended with the C library calls that ``ProjectRoot`` and ``ProjectFile`` rely on to
// keep `herald doctor` inside the folder it was given.

extension Platform {
    /// The path of the file or folder at `path` with every symbolic link, `.` and `..`
    /// resolved (`realpath`), or `nil` when it cannot be resolved (it does not exist, or a
    /// folder on the way cannot be searched).
    static func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    /// Where the file open as `descriptor` really is, as the kernel names it, or `nil` when it
    /// cannot say.
    ///
    /// This asks about the opened file itself, so a folder swapped for a link between the check
    /// of a path and its `open` is caught after the fact.
    static func path(ofOpenFile descriptor: Int32) -> String? {
        #if canImport(Darwin)
        // UNVERIFIED: Herald builds and tests on Linux only; this branch has not been compiled.
        // F_GETPATH fills a MAXPATHLEN buffer with the file's path, links resolved.
        var buffer = [CChar](repeating: 0, count: Int(MAXPATHLEN))
        guard fcntl(descriptor, F_GETPATH, &buffer) != -1 else { return nil }
        return String(cString: buffer)
        #else
        // Linux: the descriptor's entry in /proc is a link to the opened file's path. Without
        // /proc mounted there is no answer, and the file is not read.
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let count = readlink("/proc/self/fd/\(descriptor)", &buffer, buffer.count - 1)
        // A path as long as the buffer may have been cut short.
        guard count > 0, count < buffer.count - 1 else { return nil }
        return String(decoding: buffer[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
        #endif
    }
}
