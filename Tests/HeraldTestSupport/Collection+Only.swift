extension Collection {
    /// The single element, or `nil` when there are none or several: a test that expects exactly
    /// one of something says so with `try #require(list.only)`.
    public var only: Element? { count == 1 ? first : nil }
}
