import Foundation
import HeraldCore

/// Where the extension fetches a message whose push carries only its ids (`fetch_content`), so
/// that its text never passes through APNs or a push provider.
///
/// The app's server answers a GET of ``urlTemplate``, its `{message_id}` and
/// `{conversation_id}` filled in from the push, with the payload the push would have carried
/// had it carried the message: `{"aps": {"alert": …}, "communication": {…}}`. Its `aps` is
/// written over the push's and the rest into the push's data root (`custom.a` for a OneSignal
/// push), so one answer serves every provider, and every layout, lint rule and decision applies
/// unchanged; it may itself be sealed. An answer in a provider's own shape is written over the
/// whole push. The request carries the app's bearer token
/// (``ContentTokenProvider``) and follows no redirect, so the token goes to that server alone.
public struct ContentSource: Sendable {
    /// The content URL, with `{message_id}` and `{conversation_id}` where the push's ids go:
    /// `https://api.example.com/v1/messages/{message_id}`.
    public var urlTemplate: String
    /// Where the acknowledgement is POSTed once the fetch has ended, with the same placeholders;
    /// `nil` sends none.
    public var acknowledgementTemplate: String?
    /// The bearer token; `nil` sends no `Authorization` header.
    public var tokenProvider: (any ContentTokenProvider)?
    /// How long the fetch may take; the budget still bounds it. Default 10 s.
    public var timeout: Duration
    /// The most bytes the answer may have; a larger one is refused. Default 256 KB, far over
    /// the 4 KB a push may carry.
    public var byteLimit: Int
    /// The body shown when the content cannot be fetched; `nil` shows the push's own text (the
    /// server's placeholder, such as "New message").
    public var fallbackText: String?

    /// The keychain item that holds the token on Apple platforms: a generic password with this
    /// service and ``keychainAccount``, in the access group both the app and the extension
    /// name (`KeychainGroup`), readable after first unlock. HeraldApp's `ContentToken` writes it.
    public static let keychainService = "dev.herald.content-token"
    /// The item's account; see ``keychainService``.
    public static let keychainAccount = "bearer"

    /// - Parameters: see the properties.
    public init(
        urlTemplate: String, acknowledgementTemplate: String? = nil, tokenProvider: (any ContentTokenProvider)? = nil,
        timeout: Duration = .seconds(10), byteLimit: Int = 256 * 1024, fallbackText: String? = nil
    ) {
        self.urlTemplate = urlTemplate
        self.acknowledgementTemplate = acknowledgementTemplate
        self.tokenProvider = tokenProvider
        self.timeout = timeout
        self.byteLimit = byteLimit
        self.fallbackText = fallbackText
    }

    /// The template with the message's ids filled in, each percent-encoded whole (a `/` or `?`
    /// in an id cannot reach another path or a query).
    ///
    /// - Returns: the URL, or why there is none: an id the template needs is missing, or one
    ///   ``ContentURLTemplate/problem(withID:)`` refuses.
    func url(_ template: String, for message: Message) -> Result<URL, ContentFetchFailure> {
        var text = template
        for (placeholder, value, name) in [
            ("{message_id}", message.identifier, "message id"), ("{conversation_id}", message.conversationIdentifier, "conversation id"),
        ] where text.contains(placeholder) {
            guard let value else { return .failure(.missingID("the push carries no \(name) for \(placeholder)")) }
            if let problem = ContentURLTemplate.problem(withID: value) {
                return .failure(.missingID("the push's \(name) is \(problem), which is no usable id"))
            }
            let unreserved = CharacterSet(charactersIn: "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-._~")
            guard let encoded = value.addingPercentEncoding(withAllowedCharacters: unreserved) else {
                return .failure(.missingID("the push's \(name) cannot be put into a URL"))
            }
            text = text.replacingOccurrences(of: placeholder, with: encoded)
        }
        // The ids fill the path or the query only: the server stays the template's.
        guard let url = URL(string: text), let sample = ContentURLTemplate.sample(template), url.scheme == sample.scheme, url.host == sample.host,
            url.port == sample.port
        else { return .failure(.missingID("the content URL \"\(template)\" names another server once the push's ids are filled in")) }
        return .success(url)
    }
}
