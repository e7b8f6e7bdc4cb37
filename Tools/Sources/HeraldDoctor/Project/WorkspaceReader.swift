import Foundation

// XMLParser lives in FoundationXML outside Apple platforms; the module's other platform
// difference, where an open file is, is in Platform+Files.swift.
#if canImport(FoundationXML)
import FoundationXML
#endif

/// Walks a workspace's XML: `Group` and `FileRef` elements whose `location` is
/// `group:` (relative to the enclosing group), `container:` (to the workspace's folder),
/// `absolute:` or `self:`.
final class WorkspaceReader: NSObject, XMLParserDelegate {
    private let container: URL
    private var groups: [URL]
    private var projects: [URL] = []

    private init(container: URL) {
        self.container = container
        self.groups = [container]
    }

    /// The `.xcodeproj` locations `data` names, in order.
    ///
    /// - Throws: ``DoctorError`` with the line where the XML stops making sense.
    static func projects(in data: Data, file: URL, container: URL) throws(DoctorError) -> [URL] {
        let reader = WorkspaceReader(container: container)
        let parser = XMLParser(data: data)
        parser.delegate = reader
        // Outside Apple platforms parse() may recover and return true after an error: the
        // first error reported counts.
        let parsed = parser.parse()
        if let (code, line) = reader.firstError ?? (parsed ? nil : ((parser.parserError as NSError?)?.code ?? 0, parser.lineNumber)) {
            throw DoctorError(file: file, line: line, reason: "not a readable workspace: malformed XML (XMLParser error \(code))")
        }
        return reader.projects
    }

    private var firstError: (code: Int, line: Int)?

    func parser(_ parser: XMLParser, parseErrorOccurred parseError: Error) {
        if firstError == nil { firstError = ((parseError as NSError).code, parser.lineNumber) }
    }

    func parser(_ parser: XMLParser, didStartElement element: String, namespaceURI: String?, qualifiedName: String?, attributes: [String: String] = [:]) {
        guard element == "Group" || element == "FileRef" else { return }
        let location = attributes["location"].map(resolve) ?? groups.last!
        if element == "Group" {
            groups.append(location)
        } else if location.pathExtension == "xcodeproj" {
            projects.append(location.standardizedFileURL)
        }
    }

    func parser(_ parser: XMLParser, didEndElement element: String, namespaceURI: String?, qualifiedName: String?) {
        if element == "Group", groups.count > 1 { groups.removeLast() }
    }

    private func resolve(_ location: String) -> URL {
        guard let colon = location.firstIndex(of: ":") else { return groups.last!.appendingPathComponent(location) }
        let path = String(location[location.index(after: colon)...])
        switch location[..<colon] {
        case "absolute": return URL(fileURLWithPath: path)
        case "container": return path.isEmpty ? container : container.appendingPathComponent(path)
        default: return path.isEmpty ? groups.last! : groups.last!.appendingPathComponent(path)
        }
    }
}
