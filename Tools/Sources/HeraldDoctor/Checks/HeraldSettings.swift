/// The `Herald` dictionary of an extension's Info.plist, with build settings put in.
struct HeraldSettings {
    /// The value as written in the Info.plist.
    let written: PropertyList
    /// The entries with `$(VAR)` expanded; `nil` when the value is no dictionary.
    let entries: [String: PropertyList]?

    init(_ written: PropertyList, expand: (String) -> String) {
        self.written = written
        self.entries = written.dictionaryValue?.mapValues { $0.mapStrings(expand) }
    }

    /// A string entry, such as `AppGroup`, when it is one.
    func string(_ key: String) -> String? {
        guard let text = entries?[key]?.stringValue, !text.isEmpty else { return nil }
        return text
    }
}
