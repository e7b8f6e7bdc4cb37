import Foundation

/// Reads the `.xcconfig` files of one project as Xcode does, within a budget.
///
/// An `#include` is read in place each time it appears, so a file that two others include is
/// read twice, as Xcode reads it; but one that names a file already being read along its chain
/// of includes (the file itself, or one that included it) is a cycle, which Xcode skips with a
/// warning: it is skipped and recorded in ``XCConfigFile/cycles``. The budget bounds what
/// includes can multiply: at most ``fileBudget`` files and ``byteBudget`` bytes are read for
/// one project, a file read twice counting twice. A file outside the folder `herald doctor`
/// was given (``ProjectRoot``) is not read, nor asked whether it exists: it is recorded in
/// ``XCConfigFile/outside``.
struct XCConfigReader {
    /// The most `.xcconfig` files read for one project; a real one reads a few dozen.
    static let fileBudget = 1000
    /// The most bytes of `.xcconfig` read for one project.
    static let byteBudget = 32 << 20

    private let root: ProjectRoot
    private var filesLeft = fileBudget
    private var bytesLeft = byteBudget

    /// A reader of files inside `root`.
    init(root: ProjectRoot) {
        self.root = root
    }

    /// The file's assignments with its includes in place.
    ///
    /// - Parameter url: a base configuration a build configuration names.
    /// - Returns: what the file holds; a file that does not exist holds nothing and is listed
    ///   in its ``XCConfigFile/missing``, one outside the folder in its ``XCConfigFile/outside``.
    /// - Throws: ``DoctorError`` for a file that cannot be read (``ProjectFile``), or the
    ///   `#include` that would go past the budget, with its line.
    mutating func read(_ url: URL) throws(DoctorError) -> XCConfigFile {
        var file = XCConfigFile()
        try read(url, written: url.path, optional: false, chain: [], from: nil, into: &file)
        return file
    }

    /// Reads `url` into `file`. `chain` holds the files being read, outermost first, as their
    /// real paths (symbolic links resolved, as Xcode compares them); `from` is the include's
    /// file and line, and `written` its path as written there.
    private mutating func read(
        _ url: URL, written: String, optional: Bool, chain: [URL], from: (file: URL, line: Int)?, into file: inout XCConfigFile
    ) throws(DoctorError) {
        // Before it is asked whether the file exists, so that nothing is learnt about outside.
        guard root.holds(url) else {
            file.outside.append(XCConfigFile.Outside(file: from?.file, line: from?.line, path: written))
            return
        }
        guard FileManager.default.fileExists(atPath: url.path) else {
            if !optional { file.missing.append(url) }
            return
        }
        guard filesLeft > 0 else { throw budgetError(url, from: from) }
        filesLeft -= 1
        let data = try ProjectFile.data(at: url, in: root)
        guard data.count <= bytesLeft else { throw budgetError(url, from: from) }
        bytesLeft -= data.count
        let reading = chain + [url.resolvingSymlinksInPath()]
        // Xcode reads the bytes as UTF-8, whatever they are.
        let lines = String(decoding: data, as: UTF8.self).split(omittingEmptySubsequences: false, whereSeparator: \.isNewline)
        for (index, rawLine) in lines.enumerated() {
            var line = Substring(rawLine)
            if let comment = line.range(of: "//") { line = line[..<comment.lowerBound] }
            line = line.drop(while: \.isWhitespace)
            if line.hasPrefix("#include") {
                guard let open = line.firstIndex(of: "\""), let close = line[line.index(after: open)...].firstIndex(of: "\"") else { continue }
                let path = String(line[line.index(after: open)..<close])
                let included = path.hasPrefix("/") ? URL(fileURLWithPath: path) : url.deletingLastPathComponent().appendingPathComponent(path)
                let real = included.resolvingSymlinksInPath()
                if reading.contains(real) {
                    file.cycles.append(XCConfigFile.Cycle(file: url, line: index + 1, chain: reading + [real]))
                    continue
                }
                try read(included, written: path, optional: line.hasPrefix("#include?"), chain: reading, from: (url, index + 1), into: &file)
            } else if let assignment = Self.assignment(in: line) {
                file.assignments.append(assignment)
            }
        }
    }

    /// `KEY[condition=pattern] = value`, split at the first `=` outside a condition.
    private static func assignment(in line: Substring) -> BuildSettingAssignment? {
        var depth = 0
        guard let equals = line.firstIndex(where: { character in
            if character == "[" { depth += 1 } else if character == "]" { depth -= 1 }
            return character == "=" && depth == 0
        }) else { return nil }
        let name = line[..<equals].trimmingCharacters(in: .whitespaces)
        var value = line[line.index(after: equals)...].trimmingCharacters(in: .whitespaces)
        if value.hasSuffix(";") { value.removeLast() }
        guard !name.isEmpty else { return nil }
        return BuildSettingAssignment(written: name, value: value)
    }

    private func budgetError(_ url: URL, from: (file: URL, line: Int)?) -> DoctorError {
        let reason = "not read: \(url.lastPathComponent) would go past the \(Self.fileBudget) files or \(Self.byteBudget >> 20) MiB of .xcconfig "
            + "herald doctor reads for one project (a file included twice counts twice)"
        return DoctorError(file: from?.file ?? url, line: from?.line, reason: reason)
    }
}
