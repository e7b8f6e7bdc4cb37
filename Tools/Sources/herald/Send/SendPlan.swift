import Foundation
import HeraldAPNs
import HeraldCore
import HeraldSending

/// What `herald send apns` will send: the notification, the devices, where.
struct SendPlan {
    /// The device tokens as given, each once, read as they are sent.
    let tokens: UniqueTokens
    /// The notification; its device token is replaced per device.
    let template: APNSRequest
    let clientConfiguration: APNSClient.Configuration

    /// - Parameters:
    ///   - tokens: the device tokens as given; repeats are sent once.
    ///   - template: the notification.
    ///   - clientConfiguration: where and how to send.
    init(tokens: TokenList, template: APNSRequest, clientConfiguration: APNSClient.Configuration) {
        self.tokens = UniqueTokens(tokens: tokens, repeats: RepeatCounter())
        self.template = template
        self.clientConfiguration = clientConfiguration
    }

    /// The tokens that are hex bytes, for the client, read lazily; each one that is not is
    /// handed to `invalid` as a failed result instead, saying what it is (never as
    /// BadDeviceToken, never to be deleted).
    func deviceTokens(invalid: @escaping @Sendable (SendResult) -> Void) -> DeviceTokens {
        DeviceTokens(tokens: tokens, invalid: invalid)
    }

    struct DeviceTokens: Sequence, Sendable {
        let tokens: UniqueTokens
        let invalid: @Sendable (SendResult) -> Void

        func makeIterator() -> AnyIterator<DeviceToken> {
            var entries = tokens.makeIterator()
            return AnyIterator {
                while let entry = entries.next() {
                    switch entry {
                    case .token(let token):
                        return token
                    case .foreign(let text):
                        // Only from standard input, which is not read before sending.
                        invalid(SendResult(token: ForeignToken.display(text), notAnAPNsToken: ForeignToken(text) ?? .malformed))
                    }
                }
                return nil
            }
        }
    }

    /// Says on standard error how many repeated tokens were skipped, once they were all read.
    func reportRepeats() {
        let repeats = tokens.repeats.value
        if repeats > 0 { printError(repeats == 1 ? "1 repeated device token is sent once" : "\(repeats) repeated device tokens are sent once") }
    }

    /// Prints the requests as they would travel, the provider token not shown: one line per
    /// token as it is read, then the headers and the body.
    ///
    /// - Returns: how many notifications it showed.
    func printDryRun() -> Int {
        var count = 0
        for entry in tokens {
            count += 1
            let shown = switch entry {
            case .token(let token): token.hex
            case .foreign(let text): ForeignToken(text).map { "\(ForeignToken.display(text))   (\($0.name): not sent)" } ?? ""
            }
            print("POST \(clientConfiguration.endpoint.url.absoluteString)/3/device/\(shown)")
        }
        var lines = ["\(APNSHeaderName.authorization): bearer <ES256 provider token, not shown>"]
        for header in template.wireRequest(authorization: nil).headers {
            lines.append("\(header.name): \(header.value)")
        }
        lines.append("\(APNSHeaderName.id): <a new UUID per device>")
        if template.collapseID == nil, clientConfiguration.collapsesResends {
            lines.append("\(APNSHeaderName.collapseID): <the apns-id, so that a resend after a lost answer shows once>")
        }
        lines.append("")
        if let body = try? JSONValue(parsing: template.payload) {  // the body was parsed when it was built or read
            lines.append(body.jsonText(.pretty))
        }
        lines.append("")
        lines.append("Dry run: \(count) notification\(count == 1 ? "" : "s") of \(template.payload.count) bytes, nothing sent.")
        print(lines.joined(separator: "\n"))
        reportRepeats()
        return count
    }
}
