/// One `KEY[condition=pattern] = value` line of a project file or `.xcconfig`.
struct BuildSettingAssignment: Sendable {
    let key: String
    /// `[("sdk", "iphoneos*")]` for `KEY[sdk=iphoneos*]`.
    let conditions: [(String, String)]
    let value: String

    init(key: String, conditions: [(String, String)], value: String) {
        self.key = key
        self.conditions = conditions
        self.value = value
    }

    /// Splits `NAME[sdk=iphoneos*][arch=*]` into the name and its conditions.
    init(written: String, value: String) {
        guard let bracket = written.firstIndex(of: "[") else {
            self.init(key: written, conditions: [], value: value)
            return
        }
        var conditions: [(String, String)] = []
        for part in written[bracket...].split(separator: "]") {
            let condition = part.drop { $0 == "[" }
            let pieces = condition.split(separator: "=", maxSplits: 1)
            conditions.append((String(pieces.first ?? ""), pieces.count > 1 ? String(pieces[1]) : "*"))
        }
        self.init(key: String(written[..<bracket]), conditions: conditions, value: value)
    }

    /// A project file's settings dictionary in the order Xcode applies it: plain keys first,
    /// so that a matching conditional one wins. An array value is joined with spaces.
    static func ordered(_ settings: [String: PropertyList]) -> [BuildSettingAssignment] {
        let all = settings.sorted { $0.key < $1.key }.map { key, value in
            BuildSettingAssignment(written: key, value: value.strings?.joined(separator: " ") ?? "")
        }
        return all.filter(\.conditions.isEmpty) + all.filter { !$0.conditions.isEmpty }
    }
}
