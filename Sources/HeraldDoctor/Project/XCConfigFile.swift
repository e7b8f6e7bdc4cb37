import Foundation

/// Reads the assignments of an `.xcconfig` file and the files it includes.
enum XCConfigFile {
    /// The file's assignments in order, includes in place. A file that does not exist is added
    /// to `missing` (a CocoaPods or gitignored file often is) and contributes nothing.
    static func assignments(in url: URL, missing: inout [URL], depth: Int = 0) -> [BuildSettingAssignment] {
        guard depth < 16, let text = try? String(contentsOf: url, encoding: .utf8) else {
            if depth < 16 { missing.append(url) }
            return []
        }
        var result: [BuildSettingAssignment] = []
        for rawLine in text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline) {
            var line = Substring(rawLine)
            if let comment = line.range(of: "//") { line = line[..<comment.lowerBound] }
            line = line.drop(while: \.isWhitespace)
            if line.hasPrefix("#include") {
                let optional = line.hasPrefix("#include?")
                guard let open = line.firstIndex(of: "\""), let close = line[line.index(after: open)...].firstIndex(of: "\"") else { continue }
                let path = String(line[line.index(after: open)..<close])
                let included = path.hasPrefix("/") ? URL(fileURLWithPath: path) : url.deletingLastPathComponent().appendingPathComponent(path)
                if optional {
                    var ignored: [URL] = []
                    result += assignments(in: included, missing: &ignored, depth: depth + 1)
                } else {
                    result += assignments(in: included, missing: &missing, depth: depth + 1)
                }
                continue
            }
            // The first `=` outside a condition: `KEY[config=Release] = value`.
            var depth = 0
            guard let equals = line.firstIndex(where: { character in
                if character == "[" { depth += 1 } else if character == "]" { depth -= 1 }
                return character == "=" && depth == 0
            }) else { continue }
            let name = line[..<equals].trimmingCharacters(in: .whitespaces)
            var value = line[line.index(after: equals)...].trimmingCharacters(in: .whitespaces)
            if value.hasSuffix(";") { value.removeLast() }
            guard !name.isEmpty else { continue }
            result.append(BuildSettingAssignment(written: name, value: value))
        }
        return result
    }
}
