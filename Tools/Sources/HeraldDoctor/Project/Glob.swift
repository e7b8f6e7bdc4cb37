/// A shell-style pattern (`iphoneos*`, `arm?4`), as build-setting conditions use.
struct Glob {
    private let pattern: [Character]

    init(_ pattern: String) {
        self.pattern = Array(pattern)
    }

    func matches(_ text: String) -> Bool {
        Self.matches(pattern[...], Array(text)[...])
    }

    private static func matches(_ pattern: ArraySlice<Character>, _ text: ArraySlice<Character>) -> Bool {
        guard let first = pattern.first else { return text.isEmpty }
        if first == "*" {
            var rest = text
            while true {
                if matches(pattern.dropFirst(), rest) { return true }
                guard !rest.isEmpty else { return false }
                rest = rest.dropFirst()
            }
        }
        guard let character = text.first, first == "?" || first == character else { return false }
        return matches(pattern.dropFirst(), text.dropFirst())
    }
}
