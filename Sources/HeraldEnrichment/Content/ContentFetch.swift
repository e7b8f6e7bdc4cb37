import Foundation
import HeraldCore

/// Fetches a message's content from the app's server (``ContentSource``), and tells the server
/// the push arrived.
struct ContentFetch: Sendable {
    let source: ContentSource
    let fetcher: any Fetcher
    let allowHTTP: Bool

    /// The payload the server gave for `message`, or why there is none.
    ///
    /// The caller bounds the time; this bounds the bytes. The answer must be a JSON object.
    ///
    /// - Parameter authorization: what ``authorization()`` gave.
    func payload(for message: Message, authorization: Result<String?, ContentFetchFailure>) async -> Result<JSONValue, ContentFetchFailure> {
        let url: URL
        switch checkedURL(source.urlTemplate, for: message) {
        case .success(let checked): url = checked
        case .failure(let failure): return .failure(failure)
        }
        var headers = ["Accept": "application/json"]
        switch authorization {
        case .success(let value): headers["Authorization"] = value
        case .failure(let failure): return .failure(failure)
        }
        let response: FetchResponse
        do {
            response = try await fetcher.fetch(FetchRequest(url: url, headers: headers, maximumRedirects: 0))
        } catch is CancellationError {
            return .failure(.timedOut)
        } catch {
            return .failure(.transport(Self.describe(error)))
        }
        switch response.statusCode {
        case 200..<300: break
        case 401, 403: return .failure(.unauthorized(status: response.statusCode, tokenSent: headers["Authorization"] != nil))
        default: return .failure(.status(response.statusCode))
        }
        if let declared = response.declaredLength, declared > source.byteLimit { return .failure(.tooLarge(limit: source.byteLimit)) }
        let body: Data?
        do {
            body = try await response.collect(limit: source.byteLimit)
        } catch is CancellationError {
            return .failure(.timedOut)
        } catch {
            return .failure(.transport(Self.describe(error)))
        }
        guard let body else { return .failure(.tooLarge(limit: source.byteLimit)) }
        let json: JSONValue
        do {
            json = try JSONValue(parsing: body)
        } catch {
            return .failure(.malformed("\(error)"))
        }
        guard json.objectValue != nil else { return .failure(.malformed("it is JSON, but no object")) }
        return .success(json)
    }

    /// POSTs the acknowledgement, when the source names where: the message's ids, whether its
    /// content was fetched, and when the push arrived (whole seconds since 1970).
    ///
    /// - Returns: the decision; `nil` when no acknowledgement is configured.
    func acknowledge(
        _ message: Message, fetched: Bool, receivedAt: Date, authorization: Result<String?, ContentFetchFailure>
    ) async -> Decision? {
        guard let template = source.acknowledgementTemplate else { return nil }
        let url: URL
        switch checkedURL(template, for: message) {
        case .success(let checked): url = checked
        case .failure(let failure): return Decision(.contentNotAcknowledged, "the arrival was not acknowledged: \(failure)")
        }
        var headers = ["Content-Type": "application/json"]
        // The acknowledgement goes without a token when there is none: the server may accept it.
        if case .success(let value) = authorization { headers["Authorization"] = value }
        let body: JSONValue = [
            "message_id": message.identifier.map(JSONValue.string) ?? .null,
            "conversation_id": message.conversationIdentifier.map(JSONValue.string) ?? .null,
            "fetched": .bool(fetched),
            "received_at": .number(JSONNumber(Int(receivedAt.timeIntervalSince1970))),
        ]
        do {
            let response = try await fetcher.fetch(FetchRequest(
                url: url, method: "POST", headers: headers, body: Data(body.jsonText(.compact).utf8), maximumRedirects: 0))
            guard response.isSuccess else {
                return Decision(.contentNotAcknowledged, "the arrival was not acknowledged: the server answered \(response.statusCode)")
            }
            return Decision(.contentAcknowledged, "the arrival was acknowledged to \(url.host ?? "the server")")
        } catch is CancellationError {
            return Decision(.contentNotAcknowledged, "the arrival was not acknowledged: the server did not answer in time")
        } catch {
            return Decision(.contentNotAcknowledged, "the arrival was not acknowledged: \(Self.describe(error))")
        }
    }

    /// The template filled in and checked: http(s), and https unless http is allowed.
    private func checkedURL(_ template: String, for message: Message) -> Result<URL, ContentFetchFailure> {
        if let problem = ContentURLTemplate.problem(with: template, allowHTTP: allowHTTP) { return .failure(.noURL("the content URL \(problem)")) }
        return source.url(template, for: message)
    }

    /// `Bearer <token>`, or why there is none: read once per push, for the fetch and the
    /// acknowledgement. No token at all is no failure: the request goes without one, and the
    /// server says whether it needs one.
    func authorization() async -> Result<String?, ContentFetchFailure> {
        guard let provider = source.tokenProvider else { return .success(nil) }
        do {
            guard let token = try await provider.token() else { return .success(nil) }
            // A token with a line break would write a header of its own.
            guard !token.isEmpty, !token.contains(where: \.isNewline) else { return .failure(.noToken("the stored token is empty or holds a line break")) }
            return .success("Bearer " + token)
        } catch {
            return .failure(.noToken("the token store could not be read (\(type(of: error))): on a phone, perhaps before the first unlock"))
        }
    }

    /// A transport error in words, with a redirect named as such.
    private static func describe(_ error: any Error) -> String {
        if let fetchError = error as? FetchError, fetchError.code == .tooManyRedirects {
            return "it redirected, which is not followed, so the token goes to that server alone"
        }
        return "\(error)"
    }
}
