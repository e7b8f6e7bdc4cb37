import AppleFrameworksStandIn
import Foundation

/// Builders shared by the stand-in's tests.
enum TestSupport {
    static func person(_ name: String, id: String) -> INPerson {
        INPerson(
            personHandle: INPersonHandle(value: id, type: .unknown), nameComponents: nil, displayName: name,
            image: nil, contactIdentifier: nil, customIdentifier: id)
    }

    /// A message from Maya; a group one when `groupName` is given.
    static func messageIntent(groupName: String? = nil, recipientCount: Int = 1) -> INSendMessageIntent {
        let recipients = (0..<recipientCount).map { person("Recipient \($0)", id: "r\($0)") }
        return INSendMessageIntent(
            recipients: recipients, outgoingMessageType: .outgoingMessageText, content: "Rope is packed",
            speakableGroupName: groupName.map { INSpeakableString(spokenPhrase: $0) },
            conversationIdentifier: "conv-1", serviceName: nil, sender: person("Maya", id: "user-1842"),
            attachments: nil)
    }

    static func content(title: String = "Maya", subtitle: String = "Weekend climbing", body: String = "Rope is packed")
        -> UNMutableNotificationContent
    {
        let content = UNMutableNotificationContent()
        content.title = title
        content.subtitle = subtitle
        content.body = body
        return content
    }

    /// A new file of `size` bytes in a fresh temporary directory.
    static func temporaryFile(named name: String, size: Int) throws -> URL {
        let directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("standin-tests-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let url = directory.appendingPathComponent(name)
        guard FileManager.default.createFile(atPath: url.path, contents: Data()) else {
            throw CocoaError(.fileWriteUnknown)
        }
        let handle = try FileHandle(forWritingTo: url)
        try handle.truncate(atOffset: UInt64(size))
        try handle.close()
        return url
    }
}
