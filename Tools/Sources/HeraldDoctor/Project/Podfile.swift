import Foundation

/// The pods a CocoaPods `Podfile` gives each target, read line by line (not run as Ruby).
struct Podfile {
    /// Each `target` block's name, with the pods written directly in it and its enclosing block.
    private struct Block {
        let name: String?
        let parent: Int?
        var pods: [String] = []
        var inheritsSearchPathsOnly = false
    }

    private var blocks: [Block] = [Block(name: nil, parent: nil)]

    /// The Podfile in `folder`, or `nil` when there is none.
    ///
    /// - Throws: ``DoctorError`` for a Podfile outside `root` (whether it exists is not asked),
    ///   or one that exists but cannot be read as text.
    init?(in folder: URL, root: ProjectRoot) throws(DoctorError) {
        let url = folder.appendingPathComponent("Podfile")
        guard root.holds(url) else { throw DoctorError(file: url, reason: root.refusal) }
        guard FileManager.default.fileExists(atPath: url.path) else { return nil }
        let text = try ProjectFile.text(at: url, in: root)
        var stack = [0]
        for raw in text.split(whereSeparator: \.isNewline) {
            let line = raw.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).first.map(String.init)?
                .trimmingCharacters(in: .whitespaces) ?? ""
            guard !line.isEmpty else { continue }
            let words = line.split(separator: " ")
            if line == "end" {
                if stack.count > 1 { stack.removeLast() }
            } else if let first = words.first, ["target", "abstract_target"].contains(first), line.hasSuffix(" do") {
                blocks.append(Block(name: Self.quoted(in: line), parent: stack.last))
                stack.append(blocks.count - 1)
            } else if line.hasSuffix(" do") || line.contains(" do |") || ["if", "unless", "case", "begin", "while", "def"].contains(String(words.first ?? "")) {
                // Another block (post_install, a conditional): its `end` must not close a target.
                blocks.append(Block(name: nil, parent: stack.last))
                stack.append(blocks.count - 1)
            } else if words.first == "pod", let pod = Self.quoted(in: line) {
                blocks[stack.last!].pods.append(pod)
            } else if line.hasPrefix("inherit!"), line.contains("search_paths") {
                blocks[stack.last!].inheritsSearchPathsOnly = true
            }
        }
    }

    /// The pods `target` gets: its own, and its enclosing blocks' unless it inherits only
    /// search paths. Empty when the Podfile has no block for it.
    func pods(for target: String) -> [String] {
        guard var index = blocks.firstIndex(where: { $0.name == target }) else { return [] }
        var pods = blocks[index].pods
        guard !blocks[index].inheritsSearchPathsOnly else { return pods }
        while let parent = blocks[index].parent {
            pods += blocks[parent].pods
            index = parent
        }
        return pods
    }

    /// The first quoted word of a line: `'NotificationService'` in `target 'NotificationService' do`.
    private static func quoted(in line: String) -> String? {
        guard let open = line.firstIndex(where: { $0 == "'" || $0 == "\"" }) else { return nil }
        let rest = line[line.index(after: open)...]
        guard let close = rest.firstIndex(of: line[open]) else { return nil }
        return String(rest[..<close])
    }
}
