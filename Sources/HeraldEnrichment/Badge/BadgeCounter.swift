import Foundation
@_spi(HeraldTools) import HeraldCore

/// The app's unread count, in a file the app and its extensions share (in the app group's
/// container), changed under an exclusive lock so that it stays exact when several
/// notifications are handled at once, in one process or in several.
///
/// An extension cannot read the badge iOS shows (`UIApplication` is unavailable in app
/// extensions), so an app that counts on the phone keeps its own count, as OneSignal's SDK
/// does; and iOS may run several extension processes, or several notifications in one, at once.
/// Every change opens the file, takes `flock(LOCK_EX)` on it (which also orders two opens in
/// one process), reads, writes and closes: the lock is released with the file, even when the
/// process is killed. The count never goes below 0. The file is created with mode 0600 and
/// never opened through a symbolic link.
///
/// The app keeps it in step when it sets the badge itself (``set(_:)``): anything else that sets the badge makes the count drift, as OneSignal's does.
public struct BadgeCounter: Sendable {
    /// The file that holds the count, as decimal digits.
    public let file: URL

    /// - Parameter file: the file that holds the count; its folder must exist.
    public init(file: URL) {
        self.file = file
    }

    /// The counter in an app group's container, `Library/Application Support/Herald/badge-count`,
    /// with its folders created (mode 0700) when missing.
    ///
    /// - Parameter container: the app group's container
    ///   (`FileManager.containerURL(forSecurityApplicationGroupIdentifier:)`).
    public static func inContainer(_ container: URL) throws -> BadgeCounter {
        BadgeCounter(file: try AppGroupFolder.make(in: container).appendingPathComponent("badge-count"))
    }

    /// The count now (0 before any change).
    public func count() throws(BadgeCounterError) -> Int {
        try change { $0 }
    }

    /// Adds `delta` (below 0 to take off), never going below 0.
    ///
    /// - Returns: the count after the change.
    @discardableResult
    public func add(_ delta: Int) throws(BadgeCounterError) -> Int {
        try change { count in
            let (sum, overflow) = count.addingReportingOverflow(delta)
            return overflow ? (delta > 0 ? .max : 0) : sum
        }
    }

    /// Sets the count (below 0 counts as 0): what the app calls when it sets the badge itself.
    public func set(_ count: Int) throws(BadgeCounterError) {
        _ = try change { _ in count }
    }

    /// Reads the count, applies `update`, clamps the result at 0 and writes it, all under the lock.
    private func change(_ update: (Int) -> Int) throws(BadgeCounterError) -> Int {
        let path = file.path
        let descriptor = open(path, O_RDWR | O_CREAT | O_NOFOLLOW | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { throw BadgeCounterError(path, "cannot be opened", errno) }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else {
            throw BadgeCounterError(path, "is not a regular file", EINVAL)
        }
        while flock(descriptor, LOCK_EX) != 0 {
            guard errno == EINTR else { throw BadgeCounterError(path, "cannot be locked", errno) }
        }
        // A count has at most 19 digits; anything longer or not digits is no count, and
        // counting starts again from 0 rather than failing every notification after it.
        var bytes = [UInt8](repeating: 0, count: 32)
        let read = pread(descriptor, &bytes, bytes.count, 0)
        guard read >= 0 else { throw BadgeCounterError(path, "cannot be read", errno) }
        let current = Int(String(decoding: bytes[..<read], as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)).map { max($0, 0) } ?? 0
        let next = max(update(current), 0)
        guard next != current || read == 0 else { return current }
        let text = Array(String(next).utf8)
        guard ftruncate(descriptor, 0) == 0, pwrite(descriptor, text, text.count, 0) == text.count else {
            throw BadgeCounterError(path, "cannot be written", errno)
        }
        return next
    }
}

/// Why the badge count could not be read or changed.
public struct BadgeCounterError: Error, CustomStringConvertible, Sendable {
    /// One line: the file, what failed and the system's reason.
    public let description: String

    init(_ path: String, _ what: String, _ code: Int32) {
        description = "the badge count \(path) \(what): \(PrivateFile.systemReason(code))"
    }
}
