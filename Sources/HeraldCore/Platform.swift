import Foundation

// Every platform difference in HeraldCore lives here, so the logic elsewhere reads the same on
// Linux and on Apple platforms.

/// The calls whose implementation differs between Apple platforms and Linux, behind one
/// signature each.
@_spi(HeraldTools) public enum Platform {
    /// Whether an `NSNumber` is really a boolean (`true`/`false` from JSON or a Swift `Bool`).
    ///
    /// Both platforms hand out one shared instance per boolean value: `kCFBooleanTrue` on Apple
    /// platforms (tested through its CF type id), `__NSCFBoolean`'s two singletons in
    /// swift-corelibs-foundation (tested by identity, as `CFGetTypeID` is not public there).
    @_spi(HeraldTools) public static func isBoolean(_ number: NSNumber) -> Bool {
        #if canImport(Darwin)
        return CFGetTypeID(number) == CFBooleanGetTypeID()
        #else
        return number === NSNumber(value: true) || number === NSNumber(value: false)
        #endif
    }

    /// The path of the file or folder at `path` with every symbolic link, `.` and `..`
    /// resolved (`realpath`), or `nil` when it cannot be resolved (it does not exist, or a
    /// folder on the way cannot be searched).
    @_spi(HeraldTools) public static func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    /// Where the file open as `descriptor` really is, as the kernel names it now, or `nil` when
    /// it cannot say.
    ///
    /// This asks about the opened file itself, whatever links or renamed folders led to it, so a
    /// folder swapped for a link between the check of a path and its `open` is caught after the
    /// fact (`herald preview`'s local media, `herald doctor`'s project files).
    @_spi(HeraldTools) public static func path(ofOpenFile descriptor: Int32) -> String? {
        #if canImport(Darwin)
        // UNVERIFIED: no Apple SDK compiles this branch here. Darwin's fcntl(2): F_GETPATH fills
        // a MAXPATHLEN buffer with the file's path.
        var buffer = [CChar](repeating: 0, count: Int(MAXPATHLEN))
        guard fcntl(descriptor, F_GETPATH, &buffer) != -1 else { return nil }
        return String(cString: buffer)
        #else
        // Linux: the descriptor's entry in /proc is a link to the opened file's path. Without
        // /proc mounted there is no answer, and the caller reads nothing.
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let count = readlink("/proc/self/fd/\(descriptor)", &buffer, buffer.count - 1)
        // A path as long as the buffer may have been cut short.
        guard count > 0, count < buffer.count - 1 else { return nil }
        return String(decoding: buffer[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
        #endif
    }
}
