import HeraldCore

extension Message {
    /// Why a push whose content the extension fetches (``HeraldCore/Message/fetchesContent``)
    /// could not work as built, or `nil` when it can (or the message is no such push): the one
    /// rule the payload builder and `herald send`'s flags apply.
    ///
    /// - Parameters:
    ///   - text: the placeholder body, shown until the fetch succeeds; `nil` for a background push.
    ///   - isSealed: whether the push is sealed.
    /// - Returns: the reason, in words: a background push (the extension never runs), a sealed
    ///   one (the ids it fetches by would be inside the box), no id, or no placeholder.
    public func fetchedContentProblem(text: String?, isSealed: Bool) -> String? {
        guard fetchesContent else { return nil }
        guard let text else {
            return "a push whose content is fetched must be an alert push with mutable-content: the extension, which fetches it, never runs for a background push"
        }
        if isSealed {
            return "a push whose content is fetched carries only ids, which the extension must read to fetch by: leave it unsealed, and seal the server's answer instead"
        }
        if identifier == nil, conversationIdentifier == nil {
            return "a push whose content is fetched needs the message's id (or its conversation's) to fetch it by"
        }
        if text.allSatisfy(\.isWhitespace) {
            return "a push whose content is fetched needs a visible placeholder body (\"New message\"): without one iOS runs no extension"
        }
        return nil
    }
}
