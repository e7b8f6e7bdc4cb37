import Foundation
import HeraldCore
import HeraldSending

extension APNSRequest {
    /// Reads a request as APNs does, checking the rules of the reference in a fixed order: method,
    /// path and token, duplicate headers, push type, topic, priority, expiration, collapse id,
    /// `apns-id`, the body's size, then priority 10 (or none) for a payload whose `aps` holds
    /// only `content-available`, which the reference calls an error. The rules about push type,
    /// priority and size are HeraldSending's (``APNSPushType``, ``APNSPriority``,
    /// ``APNSRuleViolation``), which lint and `herald send apns` read too. Beyond the reference, a topic or collapse id that no
    /// HTTP/2 header could carry (control characters; a space in a topic) is refused here, so
    /// the client says why instead of failing to write it. The authorization header is not checked here: that
    /// needs the provider's keys (``APNSProviderToken/verify(_:keys:teamID:now:)``).
    ///
    /// - Parameter wire: the request as received.
    /// - Throws: ``APNSRequestError`` with the reason APNs answers with.
    public init(parsing wire: APNSWireRequest) throws(APNSRequestError) {
        guard wire.method == "POST" else {
            throw APNSRequestError(.methodNotAllowed, "the method is \(wire.method), not POST")
        }
        let prefix = "/3/device/"
        guard wire.path.hasPrefix(prefix) else {
            throw APNSRequestError(.badPath, "the path \(wire.path) does not start with \(prefix)")
        }
        let tokenText = String(wire.path.dropFirst(prefix.count))
        guard !tokenText.isEmpty else { throw APNSRequestError(.missingDeviceToken, "the path names no device token") }
        // DeviceToken also skips spaces and angle brackets, which a path must not hold.
        guard let token = DeviceToken(tokenText), token.hex.utf8.count == tokenText.utf8.count else {
            throw APNSRequestError(.badDeviceToken, "the device token \"\(tokenText)\" is not hex bytes")
        }
        let headers = RequestHeaders(wire.headers)
        if let name = headers.firstRepeated {
            throw APNSRequestError(.duplicateHeaders, "the header \(name) appears more than once")
        }
        var pushType = APNSPushType.default
        if let text = headers[APNSHeaderName.pushType] {
            do { pushType = try APNSPushType(headerValue: text) } catch { throw APNSRequestError(error) }
        }
        guard let topic = headers[APNSHeaderName.topic], !topic.isEmpty else {
            throw APNSRequestError(.missingTopic, "there is no apns-topic header")
        }
        // A bundle id is printable ASCII without spaces; anything else could not even travel as
        // an HTTP/2 header value (HTTP/2 refuses control characters).
        guard topic.utf8.allSatisfy({ (0x21...0x7E).contains($0) }) else {
            throw APNSRequestError(.badTopic, "apns-topic \(topic.debugDescription) has a character no bundle id has")
        }
        if let suffix = pushType.topicSuffix, !suffix.isEmpty, !topic.hasSuffix(suffix) {
            throw APNSRequestError(.badTopic, "a \(pushType.rawValue) push needs a topic ending in \(suffix); apns-topic is \(topic)")
        }
        var priority: APNSPriority?
        if let text = headers[APNSHeaderName.priority] {
            do { priority = try APNSPriority(headerValue: text) } catch { throw APNSRequestError(error) }
        }
        if let violation = pushType.violation(priority: priority) { throw APNSRequestError(violation) }
        var expiration: Int?
        if let text = headers[APNSHeaderName.expiration] {
            guard let value = Int(text), value >= 0 else {
                throw APNSRequestError(.badExpirationDate, "apns-expiration \"\(text)\" is not UNIX seconds")
            }
            expiration = value
        }
        let collapseID = headers[APNSHeaderName.collapseID]
        if let collapseID, collapseID.utf8.count > Self.maximumCollapseIDByteCount {
            throw APNSRequestError(.badCollapseID, "apns-collapse-id is \(collapseID.utf8.count) bytes; at most \(Self.maximumCollapseIDByteCount)")
        }
        if let collapseID, collapseID.utf8.contains(where: { $0 < 0x20 || $0 == 0x7F }) {
            throw APNSRequestError(.badCollapseID, "apns-collapse-id \(collapseID.debugDescription) has a control character, which no HTTP/2 header may carry")
        }
        var apnsID: UUID?
        if let text = headers[APNSHeaderName.id] {
            guard let id = UUID(text: text) else {
                throw APNSRequestError(.badMessageID, "apns-id \"\(text)\" is not a canonical UUID")
            }
            apnsID = id
        }
        guard !wire.body.isEmpty else { throw APNSRequestError(.payloadEmpty, "the body is empty") }
        if let violation = pushType.violation(payloadByteCount: wire.body.count)
            ?? APNSPushOptions(pushType: pushType, priority: priority).violation(payload: wire.body)
        {
            throw APNSRequestError(violation)
        }
        self.init(
            deviceToken: token, topic: topic, pushType: pushType, priority: priority, expiration: expiration,
            collapseID: collapseID, apnsID: apnsID, payload: wire.body)
    }
}

/// The headers of ``APNSHeaderName/requestHeaders`` in a request, read in one pass: each one's
/// first value, and the first of them (in that list's order) given more than once. (Looking
/// each name up and counting it over all the headers took some 100 name comparisons per
/// request, a measurable share of the emulator's CPU.)
private struct RequestHeaders {
    private var values: [String?]
    /// The first name in ``APNSHeaderName/requestHeaders`` that appears more than once.
    private(set) var firstRepeated: String?

    init(_ headers: [APNSHeader]) {
        let names = APNSHeaderName.requestHeaders
        values = Array(repeating: nil, count: names.count)
        var repeated = Array(repeating: false, count: names.count)
        for header in headers {
            guard let index = names.firstIndex(where: header.hasName) else { continue }
            if values[index] == nil {
                values[index] = header.value
            } else {
                repeated[index] = true
            }
        }
        firstRepeated = repeated.firstIndex(of: true).map { names[$0] }
    }

    /// The first value of `name`, one of ``APNSHeaderName/requestHeaders``.
    subscript(name: String) -> String? {
        values[APNSHeaderName.requestHeaders.firstIndex(of: name)!]
    }
}
