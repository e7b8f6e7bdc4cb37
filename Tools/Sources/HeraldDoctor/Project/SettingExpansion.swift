/// Expands the `$(NAME)` and `${NAME}` references in one value against a target's settings.
///
/// The work is bounded by what is written, not by what it expands to: each assignment is
/// expanded at most once per value and its result reused (`$(A)$(A)$(A)$(A)` expands `A` once);
/// a setting that refers back to itself through others keeps that reference as written; and two
/// limits stop a value built to explode: a result past ``sizeLimit`` bytes, or references
/// nested more than ``depthLimit`` levels deep. The value is then kept as written, with the
/// reason (``ResolvedValue/stopped``).
struct SettingExpansion {
    /// Why an expansion stopped, as a phrase: `expands past 64 KiB`.
    struct Stop: Error {
        let reason: String
    }

    /// The longest text a value expands to: 64 KiB, where the longest real values (linker
    /// flags, search paths) are a few kilobytes.
    static let sizeLimit = 64 << 10
    /// The deepest references nest, `$(A)` naming `$(B)` naming …, or `$(A_$(B))`.
    static let depthLimit = 32

    private let settings: BuildSettings
    /// Each assignment's expanded value, by its index in the settings.
    private var expanded: [Int: String] = [:]
    /// The assignments being expanded, to tell a cycle.
    private var expanding: Set<Int> = []
    private var unresolved: Set<String> = []

    private init(settings: BuildSettings) {
        self.settings = settings
    }

    /// What `body` expands, with the variables defined nowhere (expanded to nothing, as Xcode
    /// does); or `written` as it is, with the limit that stopped it.
    static func resolve(_ written: String, in settings: BuildSettings, _ body: (inout SettingExpansion) throws(Stop) -> String) -> ResolvedValue {
        var expansion = SettingExpansion(settings: settings)
        do {
            let text = try body(&expansion)
            return ResolvedValue(text: text, unresolved: expansion.unresolved, stopped: nil)
        } catch {
            return ResolvedValue(text: written, unresolved: [], stopped: error.reason)
        }
    }

    /// The value of the assignment at `index`, expanded; `nil` when it is being expanded
    /// already (it refers back to itself).
    mutating func assignment(at index: Int, depth: Int) throws(Stop) -> String? {
        if let done = expanded[index] { return done }
        guard expanding.insert(index).inserted else { return nil }
        defer { expanding.remove(index) }
        let assignment = settings.assignments[index]
        let text = try expand(assignment.value, key: assignment.key, at: index, depth: depth)
        expanded[index] = text
        return text
    }

    /// Expands the references in `text`, which is the value of `key` at `position` (or
    /// outside the settings, when `key` is nil).
    mutating func expand(_ text: String, key: String?, at position: Int, depth: Int) throws(Stop) -> String {
        guard depth <= Self.depthLimit else { throw Stop(reason: "has references nested more than \(Self.depthLimit) levels deep") }
        let bytes = Array(text.utf8)
        guard bytes.count <= Self.sizeLimit else { throw Self.tooLong }
        guard bytes.contains(UInt8(ascii: "$")) else { return text }
        let closes = Self.closes(in: bytes)
        var result: [UInt8] = []
        var index = 0
        while index < bytes.count {
            guard bytes[index] == UInt8(ascii: "$"), index + 1 < bytes.count, let close = closes[index + 1] else {
                result.append(bytes[index])
                index += 1
                continue
            }
            let inner = try expand(String(decoding: bytes[(index + 2)..<close], as: UTF8.self), key: key, at: position, depth: depth + 1)
            result += try reference(inner, key: key, at: position, depth: depth).utf8
            guard result.count <= Self.sizeLimit else { throw Self.tooLong }
            index = close + 1
        }
        return String(decoding: result, as: UTF8.self)
    }

    private static let tooLong = Stop(reason: "expands past \(sizeLimit >> 10) KiB")

    /// The value of one `$(NAME:operator…)` reference.
    private mutating func reference(_ inner: String, key: String?, at position: Int, depth: Int) throws(Stop) -> String {
        var parts = inner.split(separator: ":", omittingEmptySubsequences: false).map(String.init)
        let name = parts.removeFirst()
        let value: String?
        if name == "inherited" || name == key {
            // The same setting one level down.
            if let key, let below = settings.lastIndex(of: key, before: position) {
                guard let text = try assignment(at: below, depth: depth + 1) else { return "$(\(inner))" }
                value = text
            } else {
                value = ""
            }
        } else if let index = settings.lastIndex(of: name, before: settings.assignments.count) {
            guard let text = try assignment(at: index, depth: depth + 1) else { return "$(\(inner))" }
            value = text
        } else if name == "AppIdentifierPrefix" || name == "TeamIdentifierPrefix" {
            // Filled in at signing from the team: known here only through DEVELOPMENT_TEAM.
            var team: String?
            if let index = settings.lastIndex(of: "DEVELOPMENT_TEAM", before: settings.assignments.count) {
                team = try assignment(at: index, depth: depth + 1)
            }
            guard let team, !team.isEmpty, !team.contains("$(") else { return "$(\(inner))" }
            value = team + "."
        } else {
            value = nil
        }
        guard var text = value else {
            if let fallback = parts.first(where: { $0.hasPrefix("default=") }) { return String(fallback.dropFirst("default=".count)) }
            // Defined nowhere: Xcode puts nothing in its place (unless xcodebuild's command line
            // or the environment sets it), and so does herald doctor, remembering the name.
            unresolved.insert(name)
            return ""
        }
        for operation in parts { text = BuildSettingOperator.apply(operation, to: text) }
        return text
    }

    /// For each `(` and `{` in `bytes`, where the bracket of the same kind that closes it is.
    private static func closes(in bytes: [UInt8]) -> [Int: Int] {
        var closes: [Int: Int] = [:]
        var parentheses: [Int] = []
        var braces: [Int] = []
        for (index, byte) in bytes.enumerated() {
            switch byte {
            case UInt8(ascii: "("): parentheses.append(index)
            case UInt8(ascii: "{"): braces.append(index)
            case UInt8(ascii: ")"): if let open = parentheses.popLast() { closes[open] = index }
            case UInt8(ascii: "}"): if let open = braces.popLast() { closes[open] = index }
            default: break
            }
        }
        return closes
    }
}
