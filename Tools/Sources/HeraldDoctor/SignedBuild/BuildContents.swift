import Foundation

/// The files of a signed build, by their `/`-separated paths inside it: a folder on disk
/// (``BuildFolder``: an `.app`, an `.xcarchive`) or an .ipa's entries (``BuildArchive``).
///
/// What a bundle is made of is read the same way from either (``bundle(at:)``); only how a
/// file is found and read differs.
protocol BuildContents {
    /// Whether a file (or folder) is at `path`.
    func exists(_ path: String) -> Bool
    /// The names in the folder at `path`; none when there is no such folder.
    func names(in path: String) throws(DoctorError) -> [String]
    /// The whole file at `path`: a property list or a profile, at most ``ProjectFile/limit``
    /// bytes.
    ///
    /// - Throws: ``DoctorError`` naming the build (and the file in it).
    func data(_ path: String) throws(DoctorError) -> [UInt8]
    /// The code signature of the executable at `path`, read by parts.
    ///
    /// - Throws: ``DoctorError`` naming the build (and the file in it).
    func signature(_ path: String) throws(DoctorError) -> CodeSignature
    /// `error`, about the file at `path`, as the build names it: the file itself in a folder,
    /// the archive and the entry's path for an .ipa. An error that already names a file is
    /// left as it is.
    func located(_ error: DoctorError, _ path: String) -> DoctorError
}

extension BuildContents {
    /// The most app extensions read from one app: 100, where real apps have a few.
    static var maximumExtensions: Int { 100 }

    /// The bundle at `path`: its Info.plist, its executable's signature and its profile.
    ///
    /// - Throws: ``DoctorError`` naming the file: no Info.plist or one that is not a
    ///   dictionary, no `CFBundleExecutable` or no such file, or any file unreadable.
    func bundle(at path: String) throws(DoctorError) -> SignedBundle {
        let infoPath = path + "/Info.plist"
        guard exists(infoPath) else { throw failure(path, "it has no Info.plist, so it is not an app or extension bundle") }
        let info = try propertyList(infoPath)
        guard let executable = info["CFBundleExecutable"]?.stringValue else {
            throw failure(infoPath, "it has no CFBundleExecutable, so the executable is unknown")
        }
        guard !executable.isEmpty, !executable.contains("/"), executable != ".", executable != ".." else {
            throw failure(infoPath, "its CFBundleExecutable \"\(executable)\" is not a file name in the bundle")
        }
        let executablePath = path + "/" + executable
        guard exists(executablePath) else { throw failure(infoPath, "its CFBundleExecutable names \(executable), which is not in the bundle") }
        let signature = try signature(executablePath)
        let profilePath = path + "/embedded.mobileprovision"
        var profile: ProvisioningProfile?
        if exists(profilePath) {
            let bytes = try data(profilePath)
            do {
                profile = try ProvisioningProfile(reading: Data(bytes))
            } catch {
                throw failure(profilePath, error.reason)
            }
        }
        return SignedBundle(path: path, info: info, signature: signature, profile: profile)
    }

    /// The app at `path` and the extensions inside it (`PlugIns/*.appex`, and ExtensionKit's
    /// `Extensions/*.appex`), in the order of their paths.
    func app(at path: String) throws(DoctorError) -> (app: SignedBundle, extensions: [SignedBundle]) {
        let app = try bundle(at: path)
        var extensions: [String] = []
        for folder in ["PlugIns", "Extensions"] {
            let names = try names(in: path + "/" + folder).filter { $0.hasSuffix(".appex") }
            extensions += names.map { path + "/" + folder + "/" + $0 }
        }
        guard extensions.count <= Self.maximumExtensions else {
            throw failure(path, "it holds \(extensions.count) app extensions, more than the \(Self.maximumExtensions) read")
        }
        var bundles: [SignedBundle] = []
        for extensionPath in extensions.sorted() { bundles.append(try bundle(at: extensionPath)) }
        return (app, bundles)
    }

    /// The dictionary in the property list at `path`.
    func propertyList(_ path: String) throws(DoctorError) -> [String: PropertyList] {
        let bytes = try data(path)
        let list: PropertyList
        do {
            list = try PropertyList(reading: Data(bytes))
        } catch {
            throw failure(path, error.line.map { "line \($0): \(error.reason)" } ?? error.reason)
        }
        guard let dictionary = list.dictionaryValue else { throw failure(path, "the property list is a \(list.typeName), not a dictionary") }
        return dictionary
    }

    /// An error about the file at `path` in the build.
    func failure(_ path: String, _ reason: String) -> DoctorError {
        located(DoctorError(file: nil, reason: reason), path)
    }
}
