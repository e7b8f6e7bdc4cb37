extension StringProtocol {
    /// Empty or only whitespace: what a payload's reader takes for an absent value.
    var isBlank: Bool { allSatisfy(\.isWhitespace) }
}
