/// The `:operator` suffixes of a build-setting reference that bundle ids and module names use.
enum BuildSettingOperator {
    /// `rfc1034identifier`, `c99extidentifier`, `identifier`, `lower`, `upper`; any other
    /// operator leaves the text as it is.
    static func apply(_ operation: String, to text: String) -> String {
        switch operation {
        case "rfc1034identifier":
            return String(text.map { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-" || $0 == ".") ? $0 : "-" })
        case "c99extidentifier", "identifier":
            let replaced = String(text.map { $0.isASCII && ($0.isLetter || $0.isNumber) || $0 == "_" ? $0 : "_" })
            return replaced.first?.isNumber == true ? "_" + replaced : replaced
        case "lower":
            return text.lowercased()
        case "upper":
            return text.uppercased()
        default:
            return text
        }
    }
}
