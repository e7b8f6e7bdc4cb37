import Foundation

/// A signed build that is an .ipa: a ZIP archive whose `Payload/NAME.app/` holds the app. Its
/// entries are read in memory (``ZIPArchive``), never written to disk; an entry that is a
/// symbolic link is refused, not followed.
struct BuildArchive<Source: ByteSource>: BuildContents {
    /// The .ipa, which errors name.
    let url: URL
    let archive: ZIPArchive<Source>

    /// Reads the archive's directory.
    ///
    /// - Throws: ``DoctorError`` naming the .ipa.
    init(url: URL, source: Source) throws(DoctorError) {
        self.url = url
        do {
            archive = try ZIPArchive(source)
        } catch {
            throw DoctorError(file: url, reason: error.reason)
        }
    }

    /// The one app in `Payload/`.
    ///
    /// - Throws: ``DoctorError`` naming the .ipa when it holds no app there, or several.
    func appPath() throws(DoctorError) -> String {
        let apps = Set(archive.entries.compactMap { entry -> String? in
            let parts = entry.name.split(separator: "/", omittingEmptySubsequences: false)
            guard parts.count >= 3, parts[0] == "Payload", parts[1].hasSuffix(".app"), parts[1].count > 4 else { return nil }
            return "Payload/" + parts[1]
        }).sorted()
        guard let app = apps.first else {
            throw DoctorError(file: url, reason: "it holds no Payload/NAME.app, so it is not an iOS app archive (.ipa)")
        }
        guard apps.count == 1 else { throw DoctorError(file: url, reason: "it holds \(apps.count) apps (\(apps.joined(separator: ", "))), where an .ipa holds one") }
        return app
    }

    func exists(_ path: String) -> Bool {
        archive.entry(named: path) != nil || archive.entry(named: path + "/") != nil
    }

    func names(in path: String) throws(DoctorError) -> [String] {
        let prefix = path + "/"
        let names = archive.entries.compactMap { entry -> String? in
            guard entry.name.hasPrefix(prefix) else { return nil }
            return entry.name.dropFirst(prefix.count).split(separator: "/").first.map(String.init)
        }
        return Array(Set(names)).sorted()
    }

    func data(_ path: String) throws(DoctorError) -> [UInt8] {
        do {
            return try archive.data(of: try entry(path), limit: ProjectFile.limit)
        } catch {
            throw located(error, path)
        }
    }

    func signature(_ path: String) throws(DoctorError) -> CodeSignature {
        do {
            var source = try archive.source(of: try entry(path))
            return try MachOFile.signature(of: &source)
        } catch {
            throw located(error, path)
        }
    }

    func located(_ error: DoctorError, _ path: String) -> DoctorError {
        error.file == nil ? DoctorError(file: url, reason: "\(path): \(error.reason)") : error
    }

    /// The file entry at `path`: not a folder, not a symbolic link.
    private func entry(_ path: String) throws(DoctorError) -> ZIPEntry {
        guard let entry = archive.entry(named: path) else { throw DoctorError(file: nil, reason: "no such file in the archive") }
        guard !entry.isSymbolicLink else { throw DoctorError(file: nil, reason: "not read: a symbolic link in the archive, which herald doctor does not follow") }
        return entry
    }
}
