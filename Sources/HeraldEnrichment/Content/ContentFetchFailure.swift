/// Why a message's content could not be fetched: each a decision, with the fallback shown.
///
/// No case ever holds the token or the message's text.
public enum ContentFetchFailure: Error, Hashable, Sendable, CustomStringConvertible {
    /// The extension has no usable content URL (`ContentURL`), with why.
    case noURL(String)
    /// The push lacks an id the template needs, or has one that cannot go into a URL.
    case missingID(String)
    /// No token: none stored, or the store could not be read (with why).
    case noToken(String)
    /// The fetch passed its deadline (its own timeout or the budget).
    case timedOut
    /// The server refused the token, or wants one and none was sent: 401 or 403.
    case unauthorized(status: Int, tokenSent: Bool)
    /// Another status than success.
    case status(Int)
    /// The answer is larger than the limit.
    case tooLarge(limit: Int)
    /// The answer is no JSON object, with where it went wrong.
    case malformed(String)
    /// The connection failed, or the server redirected (the token is never taken elsewhere).
    case transport(String)

    /// A word for the decision's code and the desk: `timeout`, `401`, `too-large`, `malformed`.
    public var reason: String {
        switch self {
        case .noURL: "no-url"
        case .missingID: "no-id"
        case .noToken: "no-token"
        case .timedOut: "timeout"
        case .unauthorized(let status, _): String(status)
        case .status(let status): String(status)
        case .tooLarge: "too-large"
        case .malformed: "malformed"
        case .transport: "transport"
        }
    }

    public var description: String {
        switch self {
        case .noURL(let why), .missingID(let why): why
        case .noToken(let why): "no token to send: \(why)"
        case .timedOut: "the content server did not answer in time"
        case .unauthorized(_, tokenSent: true): "the content server refused the token: the app should store a fresh one"
        case .unauthorized(_, tokenSent: false): "the content server wants a token, and there is none to send (none stored, or none given)"
        case .status: "the content server answered with that status"
        case .tooLarge(let limit): "the content server's answer is over \(limit) bytes"
        case .malformed(let why): "the content server's answer is no payload: \(why)"
        case .transport(let why): "the content server could not be reached: \(why)"
        }
    }
}
