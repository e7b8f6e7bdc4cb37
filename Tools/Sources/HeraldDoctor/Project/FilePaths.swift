import Foundation

/// Where a file reference of the project points on disk, following its groups.
struct FilePaths {
    private let objects: ObjectTable
    private let sourceRoot: URL
    /// Each group's or file's parent group.
    private let parents: [String: String]

    init(objects: ObjectTable, sourceRoot: URL) {
        self.objects = objects
        self.sourceRoot = sourceRoot
        var parents: [String: String] = [:]
        for (id, object) in objects.entries {
            for child in object["children"]?.arrayValue?.compactMap(\.stringValue) ?? [] { parents[child] = id }
        }
        self.parents = parents
    }

    /// The file's location, or `nil` for one outside the source tree (an SDK framework, a
    /// built product) or a reference that leads nowhere.
    func url(of id: String) -> URL? {
        url(of: id, depth: 0)
    }

    private func url(of id: String, depth: Int) -> URL? {
        guard depth < 64, let object = objects.entries[id] else { return nil }
        let path = object["path"]?.stringValue ?? ""
        switch object["sourceTree"]?.stringValue ?? "<group>" {
        case "<absolute>":
            return URL(fileURLWithPath: path)
        case "SOURCE_ROOT":
            return path.isEmpty ? sourceRoot : sourceRoot.appendingPathComponent(path)
        case "<group>":
            let base = parents[id].flatMap { url(of: $0, depth: depth + 1) } ?? sourceRoot
            return path.isEmpty ? base : base.appendingPathComponent(path)
        default:
            return nil
        }
    }
}
