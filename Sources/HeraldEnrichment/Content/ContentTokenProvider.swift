/// The bearer token the extension sends when it fetches a message's content: on the phone, the
/// one the app stored in the keychain it shares with the extension.
public protocol ContentTokenProvider: Sendable {
    /// The token, or `nil` when there is none (the user is signed out).
    ///
    /// - Throws: when the store cannot be read, such as a keychain still locked before the
    ///   first unlock.
    func token() async throws -> String?
}

/// A token known in advance: what `herald preview --content-server` sends.
public struct FixedContentToken: ContentTokenProvider {
    private let value: String

    /// - Parameter value: the token.
    public init(_ value: String) {
        self.value = value
    }

    public func token() async throws -> String? { value }
}
