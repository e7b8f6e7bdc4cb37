/// The secret in the playground's address, `http://127.0.0.1:PORT/TOKEN/`: 128 bits from the
/// system's random source as 32 hex digits, new each run.
///
/// The page, its script and `POST /preview` all live under it, so only who was shown the
/// address (the person who started the playground, and the page it opened) can use them;
/// another local user or program cannot, even though it can reach the port.
struct PlaygroundToken: Sendable, Hashable {
    /// The 32 hex digits.
    let text: String

    /// - Parameter text: a token given, in tests; a new random one by default.
    init(_ text: String = PlaygroundToken.random()) {
        self.text = text
    }

    /// 32 new hex digits.
    static func random() -> String {
        var generator = SystemRandomNumberGenerator()
        return (0..<2).map { _ in
            let digits = String(generator.next() as UInt64, radix: 16)
            return String(repeating: "0", count: 16 - digits.count) + digits
        }.joined()
    }

    /// Whether `candidate` is the token, compared in time that does not depend on where they
    /// first differ (a guess learns nothing from how long the answer took).
    func matches(_ candidate: Substring) -> Bool {
        let given = Array(candidate.utf8)
        let expected = Array(text.utf8)
        guard given.count == expected.count else { return false }
        var difference: UInt8 = 0
        for (left, right) in zip(given, expected) { difference |= left ^ right }
        return difference == 0
    }

    /// The part of `path` after `/TOKEN` (`/` for `/TOKEN` itself), or `nil` when the path does
    /// not start with the token.
    func route(_ path: String) -> String? {
        let afterSlash = path.dropFirst()
        guard path.hasPrefix("/") else { return nil }
        let segment = afterSlash.prefix { $0 != "/" }
        guard matches(segment) else { return nil }
        let rest = afterSlash.dropFirst(segment.count)
        return rest.isEmpty ? "/" : String(rest)
    }
}
