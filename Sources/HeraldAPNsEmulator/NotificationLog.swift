import Foundation
import HeraldAPNs
import HeraldCore
import NIOConcurrencyHelpers

/// Where accepted notifications are written: one JSON line each in a log file, and optionally
/// an `.apns` file each for `xcrun simctl push`.
final class NotificationLog: Sendable {
    private let file: NIOLockedValueBox<FileHandle?>
    private let simctlDirectory: URL?
    /// Whether anything is written: a log file or a simctl directory was given.
    private let isRecording: Bool

    /// - Parameters:
    ///   - logFile: the JSON-lines file, created or appended to; `nil` for none.
    ///   - simctlDirectory: a directory for `.apns` files, created if missing; `nil` for none.
    /// - Throws: when the file or the directory cannot be created.
    init(logFile: URL?, simctlDirectory: URL?) throws {
        var handle: FileHandle?
        if let logFile {
            if !FileManager.default.fileExists(atPath: logFile.path) {
                guard FileManager.default.createFile(atPath: logFile.path, contents: nil) else {
                    throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: logFile.path])
                }
            }
            handle = try FileHandle(forWritingTo: logFile)
            try handle?.seekToEnd()
        }
        if let simctlDirectory {
            try FileManager.default.createDirectory(at: simctlDirectory, withIntermediateDirectories: true)
        }
        file = NIOLockedValueBox(handle)
        self.simctlDirectory = simctlDirectory
        isRecording = handle != nil || simctlDirectory != nil
    }

    /// Records an accepted notification.
    ///
    /// - Parameters:
    ///   - request: the notification as read.
    ///   - headers: the headers as received (the authorization header is left out).
    ///   - payload: the body.
    ///   - apnsID: the id it was accepted with.
    func record(_ request: APNSRequest, headers: [APNSHeader], payload: JSONValue, apnsID: UUID) throws {
        guard isRecording else { return }
        var headerObject: [String: JSONValue] = [:]
        for header in headers where header.name.lowercased() != "authorization" {
            headerObject[header.name.lowercased()] = .string(header.value)
        }
        let line: JSONValue = [
            "token": .string(request.deviceToken.hex), "topic": .string(request.topic), "apnsID": .string(apnsID.lowercasedText),
            "receivedAt": .string(Date().formatted(.iso8601)), "headers": .object(headerObject), "payload": payload,
        ]
        let bytes = line.encoded() + Data("\n".utf8)
        try file.withLockedValue { handle in try handle?.write(contentsOf: bytes) }
        if let simctlDirectory, var object = payload.objectValue {
            object["Simulator Target Bundle"] = .string(Self.bundleID(of: request))
            try JSONValue.object(object).encoded(.pretty).write(
                to: simctlDirectory.appendingPathComponent("\(apnsID.lowercasedText).apns"), options: .atomic)
        }
    }

    /// Flushes and closes the log file.
    func close() {
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
