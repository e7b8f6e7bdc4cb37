extension Duration {
    /// The longest wait Herald's clients and the emulator honour: a day. A longer request
    /// timeout or delay counts as a day, so that no `Duration`, however large, traps when it
    /// becomes an event-loop timer (which holds at most about 292 years in nanoseconds).
    @_spi(HeraldTools) public static let longestWait = Duration.seconds(86_400)

    /// This duration, at most ``longestWait``.
    @_spi(HeraldTools) public var clampedToLongestWait: Duration {
        min(self, .longestWait)
    }
}
