import Foundation
import HeraldAPNs
@_spi(HeraldTools) import HeraldCore
import NIOConcurrencyHelpers
import NIOCore
import NIOPosix

/// Where accepted notifications are written: one JSON line each in a log file, and optionally
/// an `.apns` file each for `xcrun simctl push`.
///
/// Writes happen on a thread of their own, never on an event loop: a slow disk delays the
/// answers it holds up, not every connection on the loop. One thread, so lines are written in
/// the order the notifications were accepted.
final class NotificationLog: Sendable {
    private let file: NIOLockedValueBox<FileHandle?>
    private let writer = NIOThreadPool(numberOfThreads: 1)
    private let simctlDirectory: URL?
    /// Whether anything is written: a log file or a simctl directory was given.
    private let isRecording: Bool

    /// - Parameters:
    ///   - logFile: the JSON-lines file, appended to, or created with mode 0600; a symbolic
    ///     link, or a file another user owns, is refused. `nil` for none.
    ///   - simctlDirectory: a folder for `.apns` files (mode 0600), created with mode 0700 if
    ///     missing; one that is a link, another user's, or writable by others is refused. `nil`
    ///     for none.
    /// - Throws: ``APNSEmulatorStartError`` when the file or the folder cannot be used, saying why.
    init(logFile: URL?, simctlDirectory: URL?) throws(APNSEmulatorStartError) {
        var handle: FileHandle?
        if let logFile {
            var isFolder: ObjCBool = false
            if FileManager.default.fileExists(atPath: logFile.path, isDirectory: &isFolder), isFolder.boolValue {
                throw APNSEmulatorStartError("the log \(logFile.path) is a folder; give a file name")
            }
            let folder = logFile.deletingLastPathComponent().path
            guard FileManager.default.fileExists(atPath: folder) else { throw APNSEmulatorStartError("the log \(logFile.path): no such folder \(folder)") }
            do {
                handle = try PrivateFile.openForAppending(logFile)
            } catch {
                throw APNSEmulatorStartError("the log: \(error.description)")
            }
        }
        if let simctlDirectory {
            var isFolder: ObjCBool = false
            if FileManager.default.fileExists(atPath: simctlDirectory.path, isDirectory: &isFolder), !isFolder.boolValue {
                throw APNSEmulatorStartError("the simctl folder \(simctlDirectory.path) is a file; give a folder")
            }
            do {
                _ = try PrivateDirectory(simctlDirectory)
            } catch {
                throw APNSEmulatorStartError("the simctl folder: \(error.description)")
            }
        }
        file = NIOLockedValueBox(handle)
        self.simctlDirectory = simctlDirectory
        isRecording = handle != nil || simctlDirectory != nil
        if isRecording { writer.start() }
    }

    /// Records an accepted notification, off the event loop.
    ///
    /// - Parameters:
    ///   - request: the notification as read.
    ///   - headers: the headers as received (the authorization header is left out).
    ///   - payload: the body.
    ///   - apnsID: the id it was accepted with.
    ///   - eventLoop: where the result is reported.
    /// - Returns: succeeds once the notification is written (at once when nothing is recorded);
    ///   fails when it could not be written, or the log is closed.
    func record(
        _ request: APNSRequest, headers: [APNSHeader], payload: JSONValue, apnsID: UUID, on eventLoop: any EventLoop
    ) -> EventLoopFuture<Void> {
        guard isRecording else { return eventLoop.makeSucceededVoidFuture() }
        // Encoded here, on the connection's loop: the one writer thread only writes, so a burst
        // of acceptances does not queue behind one thread's encoding.
        var headerObject: [String: JSONValue] = [:]
        for header in headers where header.name.lowercased() != "authorization" {
            headerObject[header.name.lowercased()] = .string(header.value)
        }
        let line: JSONValue = [
            "token": .string(request.deviceToken.hex), "topic": .string(request.topic), "apnsID": .string(apnsID.lowercasedText),
            "receivedAt": .string(Date().formatted(.iso8601)), "headers": .object(headerObject), "payload": payload,
        ]
        let bytes = line.encoded() + Data("\n".utf8)
        let simctlFile: (url: URL, contents: Data)? = simctlDirectory.flatMap { directory in
            guard var object = payload.objectValue else { return nil }
            object["Simulator Target Bundle"] = .string(Self.bundleID(of: request))
            return (directory.appendingPathComponent("\(apnsID.lowercasedText).apns"), JSONValue.object(object).encoded(.pretty))
        }
        return writer.runIfActive(eventLoop: eventLoop) { [file] in
            try file.withLockedValue { handle in try handle?.write(contentsOf: bytes) }
            if let simctlFile { try PrivateFile.replace(simctlFile.url, with: simctlFile.contents) }
        }
    }

    /// Writes what is queued, then closes the log file; a record after this fails.
    func close() async {
        if isRecording {
            // Fails only when already shut down: nothing is left to write then.
            try? await writer.shutdownGracefully()
        }
        file.withLockedValue { handle in
            // Closing can only fail if the file is already gone; nothing is left to write then.
            try? handle?.close()
            handle = nil
        }
    }

    /// The app's bundle id: the topic without the push type's suffix.
    private static func bundleID(of request: APNSRequest) -> String {
        guard let suffix = request.pushType.topicSuffix, !suffix.isEmpty, request.topic.hasSuffix(suffix) else { return request.topic }
        return String(request.topic.dropLast(suffix.count))
    }
}
