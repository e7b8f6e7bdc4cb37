import Foundation
import HeraldCore
import HeraldSending

/// One answer to a create-notification request, as received, and what it means.
///
/// ``interpret(idempotencyKey:receivedAt:)`` is a pure function of the status, the headers and
/// the body, so every documented answer is tested without a network:
///
/// | status | result |
/// |---|---|
/// | 2xx with a non-empty `id` | ``OneSignalDelivery`` (`errors` kept: skipped targets) |
/// | 2xx without an `id`, or with `""` | ``OneSignalError/Code/notSent``: nothing was sent; not retryable |
/// | 2xx whose body is not a JSON object | ``OneSignalError/Code/malformedResponse`` |
/// | 401, 403 | ``OneSignalError/Code/unauthorized`` |
/// | 429 | ``OneSignalError/Code/rateLimited``, retryable, with `Retry-After` |
/// | 5xx | ``OneSignalError/Code/serverError``, retryable, with `Retry-After` when sent |
/// | any other | ``OneSignalError/Code/rejected`` (400: the request as written is wrong) |
///
/// Every 5xx is retryable, not only the 503 OneSignal documents: a 5xx says nothing against the
/// request, and the idempotency key makes a repeat safe even when the first one was taken.
public struct OneSignalResponse: Hashable, Sendable {
    /// The HTTP status.
    public var status: Int
    /// The header fields; names are matched case-insensitively.
    public var headers: [String: String]
    /// The body's bytes.
    public var body: Data

    /// - Parameters: see the properties.
    public init(status: Int, headers: [String: String], body: Data) {
        self.status = status
        self.headers = headers
        self.body = body
    }

    /// The first header field named `name`, compared case-insensitively.
    ///
    /// - Parameter name: the field name.
    /// - Returns: its value, or `nil` when absent.
    public func header(_ name: String) -> String? {
        headers.first { $0.key.caseInsensitiveCompare(name) == .orderedSame }?.value
    }

    /// What the answer means: the created notification, or why there is none.
    ///
    /// - Parameters:
    ///   - idempotencyKey: the key the request carried, recorded in the delivery.
    ///   - receivedAt: when the answer arrived, for a `Retry-After` given as a date.
    /// - Returns: the delivery (attempts 1), or the failure (attempts 1), as the table above says.
    public func interpret(idempotencyKey: UUID, receivedAt: Date) -> Result<OneSignalDelivery, OneSignalError> {
        // A body that is not JSON is not lost: its start goes into the message, said to be the
        // server's (a proxy's page, or not OneSignal at all), never as what OneSignal says.
        let json = try? JSONValue(parsing: body)
        let replayed = header("Idempotent-Replayed")?.trimmingCharacters(in: .whitespaces).lowercased() == "true"
        let retryAfter = header("Retry-After").flatMap { RetryPolicy.retryAfter($0, now: receivedAt) }
        let errors = Self.messages(json?["errors"])
        var foreign = ""
        if json == nil, let text = Self.snippet(of: body) {
            let type = header("Content-Type")?.split(separator: ";").first.map(String.init) ?? "untyped"
            foreign = "; its \(type) body is not OneSignal's JSON (a proxy's page, or not OneSignal's API): \"\(text)\""
        }
        func failure(_ code: OneSignalError.Code, _ message: String) -> Result<OneSignalDelivery, OneSignalError> {
            .failure(OneSignalError(code, message + foreign, status: status, errors: errors, retryAfter: retryAfter, isIdempotentReplay: replayed, attempts: 1))
        }

        switch status {
        case 200..<300:
            guard let object = json, object.objectValue != nil else {
                return failure(.malformedResponse, "OneSignal answered \(status) with a body that is not a JSON object")
            }
            guard let id = object["id"]?.identifierText, !id.isEmpty else {
                return failure(.notSent, "OneSignal answered \(status) without a notification id: nothing was sent")
            }
            let delivery = OneSignalDelivery(
                id: id, externalID: object["external_id"]?.identifierText, errors: object["errors"].flatMap { $0.isNull ? nil : $0 },
                isIdempotentReplay: replayed, idempotencyKey: idempotencyKey, attempts: 1)
            return .success(delivery)
        case 401, 403:
            return failure(.unauthorized, "OneSignal refused the REST API key: check HERALD_ONESIGNAL_API_KEY and the app id")
        case 429:
            let limit = json?["limit"]?.identifierText.map { " (limit: \($0))" } ?? ""
            return failure(.rateLimited, "OneSignal is rate limiting this app\(limit)")
        case 500..<600:
            return failure(.serverError, json == nil ? "the server could not take the request" : "OneSignal could not take the request right now")
        default:
            return failure(.rejected, json == nil ? "the server refused the request" : "OneSignal refused the request")
        }
    }

    /// OneSignal's `errors`, one line each: an array's strings as they are, an object's members
    /// as `name: value`, anything else as JSON text.
    static func messages(_ errors: JSONValue?) -> [String] {
        switch errors {
        case nil, .null?:
            return []
        case .string(let text)?:
            return [text]
        case .array(let elements)?:
            return elements.map { $0.stringValue ?? $0.jsonText() }
        case .object(let members)?:
            return members.keys.sorted().map { key in "\(key): \(members[key]!.stringValue ?? members[key]!.jsonText())" }
        case let other?:
            return [other.jsonText()]
        }
    }

    /// The start of a body that is not JSON (a proxy's HTML page), for the error's message.
    private static func snippet(of body: Data) -> String? {
        let text = String(decoding: body.prefix(200), as: UTF8.self).split(whereSeparator: \.isWhitespace).joined(separator: " ")
        guard !text.isEmpty else { return nil }
        return body.count > 200 ? text + "…" : text
    }
}
