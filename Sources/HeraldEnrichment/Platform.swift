import Foundation

// Every platform difference in HeraldEnrichment lives here, so the logic elsewhere reads the
// same on Linux and on Apple platforms.

enum Platform {
    /// Whether `URLSessionTask.suspend()` pauses a running transfer so that flow control can
    /// use it. On Apple platforms it does (Apple: "a task, while suspended, produces no network
    /// traffic"; UNVERIFIED here, as no Apple SDK is available to test it). In
    /// swift-corelibs-foundation it blocks behind the delegate queue and can crash
    /// (`NativeProtocol.stopLoading`) when resumed soon after, so Linux never calls it.
    static let urlSessionPausesTransfers: Bool = {
        #if canImport(Darwin)
        return true
        #else
        return false
        #endif
    }()

    /// Where an open file is, as the kernel names it now: the file actually opened, whatever
    /// links or renamed folders led to it. `nil` when the system cannot say.
    ///
    /// Linux reads the link `/proc/self/fd/N`. Apple platforms ask `fcntl(_:_:_:)` with
    /// `F_GETPATH`, documented in Darwin's fcntl(2) (UNVERIFIED here: no Apple SDK compiles
    /// this branch on Linux).
    static func path(ofOpenFile descriptor: Int32) -> String? {
        #if canImport(Darwin)
        var buffer = [CChar](repeating: 0, count: Int(MAXPATHLEN) + 1)
        guard fcntl(descriptor, F_GETPATH, &buffer) != -1 else { return nil }
        return String(cString: buffer)
        #else
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let count = readlink("/proc/self/fd/\(descriptor)", &buffer, buffer.count - 1)
        guard count > 0 else { return nil }
        return String(decoding: buffer[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
        #endif
    }
}
