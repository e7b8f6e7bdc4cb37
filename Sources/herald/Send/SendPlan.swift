import Foundation
import HeraldAPNs
import HeraldCore

/// What `herald send apns` will send: the notification, the devices, where.
struct SendPlan {
    /// The device tokens as given, without repeats, each read once: `nil` when it is not hex.
    let tokens: [(text: String, token: DeviceToken?)]
    /// The notification; its device token is replaced per device.
    let template: APNSRequest
    let clientConfiguration: APNSClient.Configuration

    /// - Parameters:
    ///   - tokens: the device tokens as given; repeats are sent once.
    ///   - template: the notification.
    ///   - clientConfiguration: where and how to send.
    init(tokens: [String], template: APNSRequest, clientConfiguration: APNSClient.Configuration) {
        var seen = Set<String>()
        self.tokens = tokens.lazy.map { (text: $0, token: DeviceToken($0)) }.filter { seen.insert($0.token?.hex ?? $0.text).inserted }
        if self.tokens.count < tokens.count {
            printError("\(tokens.count - self.tokens.count) repeated device tokens are sent once")
        }
        self.template = template
        self.clientConfiguration = clientConfiguration
    }

    /// The tokens that are hex bytes.
    var validTokens: [DeviceToken] { tokens.compactMap(\.token) }

    /// A failed result for each token that is not hex bytes: APNs would answer BadDeviceToken.
    var invalidTokens: [SendResult] {
        tokens.filter { $0.token == nil }.map { entry in
            SendResult(
                token: entry.text, delivered: false, reason: APNSErrorReason.badDeviceToken.rawValue, deleteToken: true,
                message: "not sent: the device token is not hex bytes", attempts: 0)
        }
    }

    /// The requests as they would travel, the provider token not shown.
    var dryRun: String {
        var lines = tokens.map { entry in
            "POST \(clientConfiguration.endpoint.url.absoluteString)/3/device/\(entry.token?.hex ?? entry.text)"
                + (entry.token == nil ? "   (not hex: would fail as BadDeviceToken)" : "")
        }
        lines.append("authorization: bearer <ES256 provider token, not shown>")
        for header in template.wireRequest(authorization: nil).headers {
            lines.append("\(header.name): \(header.value)")
        }
        lines.append("apns-id: <a new UUID per device>")
        if template.collapseID == nil, clientConfiguration.collapsesResends {
            lines.append("apns-collapse-id: <the apns-id, so that a resend after a lost answer shows once>")
        }
        lines.append("")
        if let body = try? JSONValue(parsing: template.payload) {  // the body was parsed when it was built or read
            lines.append(body.jsonText(.pretty))
        }
        lines.append("")
        lines.append("Dry run: \(tokens.count) notification\(tokens.count == 1 ? "" : "s") of \(template.payload.count) bytes, nothing sent.")
        return lines.joined(separator: "\n")
    }
}
