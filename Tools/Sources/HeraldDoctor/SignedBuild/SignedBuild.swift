import Foundation

/// A signed iOS build as iOS reads it: the app and its extensions, each with its built
/// Info.plist, the entitlements its code signature claims and its embedded provisioning
/// profile; or a provisioning profile alone.
///
/// `herald doctor` checks a project's settings; what a device enforces is what was signed,
/// which is what this reads from an `.ipa`, an `.app`, an `.xcarchive` or a
/// `.mobileprovision` (docs/doctor.md, "Signed builds: what is read"). It reads and does not
/// authenticate: no signature is verified.
public struct SignedBuild: Hashable, Sendable {
    /// What kind of file or folder a signed build was read from.
    public enum Form: String, Hashable, Sendable, CaseIterable {
        /// An `.ipa`: a ZIP archive with the app in `Payload/NAME.app`.
        case ipa
        /// An `.app` folder, as Xcode builds it for a device.
        case app
        /// An `.xcarchive` folder, the app in `Products/Applications/NAME.app`.
        case xcarchive
        /// A provisioning profile alone (`.mobileprovision`).
        case profile
    }

    /// The path given.
    public let url: URL
    public let form: Form
    /// The app; `nil` for a profile alone.
    public let app: SignedBundle?
    /// The app's extensions (`PlugIns/*.appex`, `Extensions/*.appex`), in the order of their
    /// paths.
    public let extensions: [SignedBundle]
    /// The profile given alone (``Form/profile``); a bundle's own is ``SignedBundle/profile``.
    public let profile: ProvisioningProfile?
    /// An `.xcarchive`'s own Info.plist (`ApplicationProperties`, `ArchiveVersion`, `Name`,
    /// …), when it has one.
    public let archiveInfo: [String: PropertyList]?

    /// The form a path names by its extension (`.ipa`, `.app`, `.xcarchive`,
    /// `.mobileprovision`, any case), or `nil` when it names none: how `herald doctor` tells a
    /// signed build from a project.
    public static func form(of url: URL) -> Form? {
        switch url.pathExtension.lowercased() {
        case "ipa": .ipa
        case "app": .app
        case "xcarchive": .xcarchive
        case "mobileprovision": .profile
        default: nil
        }
    }

    /// Reads the signed build at `url`.
    ///
    /// The path's form comes from its extension (``form(of:)``). Nothing outside it is read: a
    /// folder's files are confined to the folder, as a project's are, and an .ipa's entries are
    /// read in memory with limits on their number, their sizes and what is inflated
    /// (``ZIPArchive``).
    ///
    /// - Parameter url: an `.ipa`, `.app`, `.xcarchive` or `.mobileprovision`.
    /// - Returns: what the build holds.
    /// - Throws: ``DoctorError`` naming the file (and for an .ipa, the entry in it) that is
    ///   missing, corrupt, truncated, over a limit or outside the folder, or a path of no form.
    public static func read(at url: URL) throws(DoctorError) -> SignedBuild {
        let given = url.standardizedFileURL
        guard let form = form(of: given) else {
            throw DoctorError(file: given, reason: "not a signed build: herald doctor reads an .ipa, .app, .xcarchive or .mobileprovision")
        }
        // The folder nothing outside of is read: the .app or .xcarchive itself, or the folder
        // that holds the .ipa or profile; links in the path resolved.
        let root = try ProjectRoot(given: given.path)
        if form == .app || form == .xcarchive {
            var isFolder: ObjCBool = false
            guard FileManager.default.fileExists(atPath: given.path, isDirectory: &isFolder), isFolder.boolValue else {
                throw DoctorError(file: given, reason: "not a folder: an .\(given.pathExtension) is the folder Xcode builds")
            }
        }
        switch form {
        case .ipa, .profile:
            let file = try BuildFile(given, in: root)
            return form == .ipa ? try read(ipa: file, at: given) : try read(profile: file, at: given)
        case .app:
            let folder = BuildFolder(base: root.url.deletingLastPathComponent(), root: root)
            let (app, extensions) = try folder.app(at: root.url.lastPathComponent)
            return SignedBuild(url: given, form: .app, app: app, extensions: extensions, profile: nil, archiveInfo: nil)
        case .xcarchive:
            let folder = BuildFolder(base: root.url, root: root)
            let apps = try folder.names(in: "Products/Applications").filter { $0.hasSuffix(".app") }.sorted()
            guard apps.count == 1 else {
                let found = apps.isEmpty ? "no app" : "\(apps.count) apps (\(apps.joined(separator: ", ")))"
                let hint = apps.isEmpty ? "" : "; give doctor one of them, \(given.path)/Products/Applications/\(apps[0])"
                throw DoctorError(file: given, reason: "its Products/Applications holds \(found), where an archive of an iOS app holds one\(hint)")
            }
            let (app, extensions) = try folder.app(at: "Products/Applications/" + apps[0])
            let info = folder.exists("Info.plist") ? try folder.propertyList("Info.plist") : nil
            return SignedBuild(url: given, form: .xcarchive, app: app, extensions: extensions, profile: nil, archiveInfo: info)
        }
    }

    /// Reads an .ipa's bytes in memory, as ``read(at:)`` reads an .ipa file: for the fuzzer and
    /// tests, which have bytes rather than a file.
    ///
    /// - Parameters:
    ///   - data: the archive.
    ///   - url: the name errors give it.
    /// - Throws: ``DoctorError`` as ``read(at:)`` does.
    public init(ipa data: Data, url: URL) throws(DoctorError) {
        self = try Self.read(ipa: MemoryBytes(bytes: Array(data)), at: url)
    }

    private static func read(ipa source: some ByteSource, at url: URL) throws(DoctorError) -> SignedBuild {
        let archive = try BuildArchive(url: url, source: source)
        let (app, extensions) = try archive.app(at: try archive.appPath())
        return SignedBuild(url: url, form: .ipa, app: app, extensions: extensions, profile: nil, archiveInfo: nil)
    }

    private static func read(profile file: BuildFile, at url: URL) throws(DoctorError) -> SignedBuild {
        guard file.count <= ProjectFile.limit else {
            throw DoctorError(file: url, reason: "not read: \(file.count) bytes, over the \(ProjectFile.limit >> 20) MiB limit for a provisioning profile")
        }
        do {
            let profile = try ProvisioningProfile(reading: Data(try file.read(0..<file.count)))
            return SignedBuild(url: url, form: .profile, app: nil, extensions: [], profile: profile, archiveInfo: nil)
        } catch {
            throw DoctorError(file: url, reason: error.reason)
        }
    }

    /// A build as read; for tests and callers that build one.
    public init(
        url: URL, form: Form, app: SignedBundle?, extensions: [SignedBundle], profile: ProvisioningProfile?, archiveInfo: [String: PropertyList]?
    ) {
        self.url = url
        self.form = form
        self.app = app
        self.extensions = extensions
        self.profile = profile
        self.archiveInfo = archiveInfo
    }
}
