// The `herald send apns` command the app shows for its device token. Foundation only:
// Herald's tests compile this file (Tests/Examples/HeraldChatApp), with default MainActor
// isolation as the app target has it.
//
// Apple documentation followed:
//   - application(_:didRegisterForRemoteNotificationsWithDeviceToken:)
//     https://developer.apple.com/documentation/uikit/uiapplicationdelegate/application(_:didregisterforremotenotificationswithdevicetoken:)
//   - Sending notification requests to APNs (the topic is the app's bundle id; a development
//     build's token works with the sandbox server)
//     https://developer.apple.com/documentation/usernotifications/sending-notification-requests-to-apns

import Foundation

/// The command that sends one of the sample's payloads to this device, from the root of a
/// Herald checkout on the desk.
struct DeskCommand: Equatable {
    /// The payloads in Examples/HeraldChat/Payloads, by file name without `.json`.
    static let payloads = ["1-direct", "2-group", "3-group-edit", "4-group-delete"]

    /// The device token, in hex.
    var deviceToken: String
    /// The app's bundle id: the APNs topic.
    var topic: String
    /// One of ``payloads``.
    var payload = "1-direct"

    /// The token APNs gave, in hex, as `herald send apns --token` takes it (tokens may be
    /// longer than 32 bytes; all of it is sent).
    static func hex(_ deviceToken: Data) -> String {
        deviceToken.map { String(format: "%02x", $0) }.joined()
    }

    /// The command, for a development build (`--sandbox`: the app's `aps-environment` is
    /// `development`), with the key, key id and team id left for the user to put in. A bundle
    /// id and a hex token hold nothing a shell would read.
    var text: String {
        """
        swift run --package-path Tools herald send apns --sandbox \\
          --key-file AuthKey_KEYID.p8 --key-id KEYID --team-id TEAMID \\
          --topic \(topic) \\
          --token \(deviceToken) \\
          Examples/HeraldChat/Payloads/\(payload).json
        """
    }
}
