import Foundation

/// Reads a file of an app's project, with what went wrong as a ``DoctorError`` naming it.
enum ProjectFile {
    /// The largest source or Podfile read as text; a larger one is reported, not read.
    static let textLimit = 1 << 20

    /// The file's bytes.
    static func data(at url: URL) throws(DoctorError) -> Data {
        do {
            return try Data(contentsOf: url)
        } catch {
            throw DoctorError(file: url, reason: "cannot read it (\(error.localizedDescription))")
        }
    }

    /// The property list in the file, in any of its formats, with the line of a syntax error.
    static func propertyList(at url: URL) throws(DoctorError) -> PropertyList {
        let data = try data(at: url)
        do {
            return try PropertyList(reading: data)
        } catch {
            throw DoctorError(file: url, line: error.line, reason: error.reason)
        }
    }

    /// The file as UTF-8 text, when it is at most ``textLimit`` bytes.
    static func text(at url: URL) throws(DoctorError) -> String {
        let size = (try? url.resourceValues(forKeys: [.fileSizeKey]).fileSize) ?? 0
        guard size <= textLimit else { throw DoctorError(file: url, reason: "not read: \(size) bytes, over the \(textLimit >> 20) MB read as text") }
        guard let text = String(data: try data(at: url), encoding: .utf8) else { throw DoctorError(file: url, reason: "not read: not UTF-8 text") }
        return text
    }
}
