extension Array where Element == String {
    /// The items as a phrase: `alert, sound or badge` for `phrase(joinedBy: "or")`.
    @_spi(HeraldTools) public func phrase(joinedBy conjunction: String) -> String {
        guard count > 1 else { return first ?? "" }
        return dropLast().joined(separator: ", ") + " \(conjunction) " + last!
    }
}
