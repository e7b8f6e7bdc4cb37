import Foundation
import HeraldDoctor
import HeraldToolsTestSupport
import Testing

/// A signed build in each of its forms (.app, .ipa, .xcarchive, a profile alone), read into
/// the app and its extensions; and the archives and folders that must end in an error.
@Suite struct SignedBuildLayoutTests {
    static var appEntitlements: [String: Any] {
        [
            "application-identifier": "ABCDE12345.com.example.chat",
            "aps-environment": "production",
            "com.apple.developer.usernotifications.communication": true,
            "com.apple.security.application-groups": ["group.com.example.chat"],
        ]
    }
    static var serviceEntitlements: [String: Any] {
        [
            "application-identifier": "ABCDE12345.com.example.chat.NotificationService",
            "com.apple.security.application-groups": ["group.com.example.other"],
        ]
    }

    /// Every value of the build the fixture writes, as read from any form.
    static func expectChat(_ build: SignedBuild, appPath: String) {
        let app = build.app
        #expect(app?.path == appPath)
        #expect(app?.bundleIdentifier == "com.example.chat")
        #expect(app?.executableName == "Chat")
        #expect(app?.userActivityTypes == ["INSendMessageIntent"])
        #expect(app?.extensionPoint == nil)
        #expect(app?.signature.entitlements?["aps-environment"] == .string("production"))
        #expect(app?.signature.entitlements?["com.apple.developer.usernotifications.communication"] == .bool(true))
        #expect(app?.signature.slices.first?.hasDEREntitlements == true)
        #expect(app?.profile?.teamIdentifiers == ["ABCDE12345"])
        #expect(app?.profile?.kind == .adHoc)
        #expect(app?.profile?.expirationDate == SignedBuildProfileTests.expiry)
        #expect(app?.profile?.entitlements["aps-environment"] == .string("production"))
        #expect(build.extensions.count == 1)
        let service = build.extensions.first
        #expect(service?.path == appPath + "/PlugIns/NotificationService.appex")
        #expect(service?.bundleIdentifier == "com.example.chat.NotificationService")
        #expect(service?.extensionPoint == "com.apple.usernotifications.service")
        #expect(service?.heraldSettings?["AppGroup"] == .string("group.com.example.chat"))
        #expect(service?.signature.entitlements?["com.apple.security.application-groups"] == .array([.string("group.com.example.other")]))
        #expect(service?.signature.slices.first?.hasDEREntitlements == false)
        #expect(service?.profile?.kind == .appStore)
        #expect(service?.profile?.applicationIdentifier == "ABCDE12345.com.example.chat.NotificationService")
    }

    @Test func readsAnAppFolder() throws {
        let folder = try ChatBuild().write()
        let build = try SignedBuild.read(at: folder.appendingPathComponent("Chat.app"))
        #expect(build.form == .app)
        Self.expectChat(build, appPath: "Chat.app")
    }

    /// An .ipa as Python's zipfile writes it (zlib's deflate), Info.plist files stored.
    @Test func readsAnIPA() throws {
        let folder = try ChatBuild().write()
        let ipa = try Python.zip(folder: folder, under: "Payload", into: folder.appendingPathComponent("Chat.ipa"), stored: ["Info.plist"])
        let build = try SignedBuild.read(at: ipa)
        #expect(build.form == .ipa)
        Self.expectChat(build, appPath: "Payload/Chat.app")
    }

    @Test func readsAnArchive() throws {
        let folder = try ChatBuild().write(under: "Chat.xcarchive/Products/Applications")
        let archive = folder.appendingPathComponent("Chat.xcarchive")
        try Data(SignedBuildSamples.plist(["Name": "Chat", "ApplicationProperties": ["CFBundleIdentifier": "com.example.chat"]])).write(to: archive.appendingPathComponent("Info.plist"))
        let build = try SignedBuild.read(at: archive)
        #expect(build.form == .xcarchive)
        #expect(build.archiveInfo?["Name"] == .string("Chat"))
        Self.expectChat(build, appPath: "Products/Applications/Chat.app")
    }

    @Test func readsAProfileAlone() throws {
        let folder = try ChatBuild().write()
        let build = try SignedBuild.read(at: folder.appendingPathComponent("Chat.app/embedded.mobileprovision"))
        #expect(build.form == .profile)
        #expect(build.app == nil)
        #expect(build.profile?.kind == .adHoc)
        #expect(build.profile?.teamName == "Example Ltd")
    }

    @Test func tellsTheFormFromTheExtension() {
        let forms = ["A.ipa", "A.app", "B.XCARCHIVE", "embedded.mobileprovision", "App.xcodeproj", "folder"].map { SignedBuild.form(of: URL(fileURLWithPath: $0)) }
        #expect(forms == [.ipa, .app, .xcarchive, .profile, nil, nil])
    }

    @Test func aSymbolicLinkOutOfTheAppIsNotFollowed() throws {
        let folder = try ChatBuild().write()
        let secret = folder.appendingPathComponent("secret.plist")
        try Data(SignedBuildSamples.plist(["CFBundleExecutable": "Chat", "Secret": "sekrit"])).write(to: secret)
        let info = folder.appendingPathComponent("Chat.app/Info.plist")
        try FileManager.default.removeItem(at: info)
        try FileManager.default.createSymbolicLink(at: info, withDestinationURL: secret)
        let error = #expect(throws: DoctorError.self) { try SignedBuild.read(at: folder.appendingPathComponent("Chat.app")) }
        #expect(error?.file?.path == info.path)
        #expect(error?.reason.hasPrefix("not read: outside the folder herald doctor was given") == true)
    }

    @Test func anUnsignedAppIsReadAsUnsigned() throws {
        var chat = ChatBuild()
        chat.signed = false
        let build = try SignedBuild.read(at: try chat.write().appendingPathComponent("Chat.app"))
        #expect(build.app?.signature.isSigned == false)
        #expect(build.app?.signature.entitlements == nil)
    }

    /// A hostile .ipa's entries, and the start of the error it must give.
    static func hostileArchive(_ name: String) -> (entries: [SignedBuildSamples.Entry], reason: String) {
        let info = SignedBuildSamples.plist(["CFBundleIdentifier": "com.example.chat", "CFBundleExecutable": "Chat"])
        let executable = SignedBuildSamples.machO(signature: SignedBuildSamples.superBlob(entitlements: SignedBuildSamples.plist(appEntitlements), der: false))
        let app = { (info: SignedBuildSamples.Entry) in [info, SignedBuildSamples.Entry(name: "Payload/Chat.app/Chat", bytes: executable)] }
        let infoPath = "Payload/Chat.app/Info.plist"
        switch name {
        case "no app": return ([.init(name: "Payload/readme.txt", bytes: Array("hi".utf8))], "it holds no Payload/NAME.app")
        case "two apps": return (app(.init(name: infoPath, bytes: info)) + [.init(name: "Payload/Other.app/Info.plist", bytes: info)], "it holds 2 apps")
        case "size declared too small": return (app(.init(name: infoPath, bytes: info, declaredSize: 10)), "\(infoPath): its data inflates to more than the 10 bytes")
        case "size declared too large":
            return (app(.init(name: infoPath, bytes: info, declaredSize: info.count + 100)), "\(infoPath): its data inflates to \(info.count) bytes, fewer than")
        case "stored size past the directory":
            return (app(.init(name: infoPath, bytes: info, deflated: false, declaredSize: 1 << 20)), "\(infoPath): its data (1048576 bytes at offset")
        case "corrupt CRC": return (app(.init(name: infoPath, bytes: info, crc32: 1)), "\(infoPath): its data is corrupt: CRC-32")
        case "zip bomb": return (app(.init(name: infoPath, bytes: [UInt8](repeating: 0, count: 4 << 20))), "\(infoPath): not read: 4194304 bytes, over the 1 MiB limit")
        case "symbolic link": return (app(.init(name: infoPath, bytes: Array("/etc/passwd".utf8), symbolicLink: true)), "\(infoPath): not read: a symbolic link")
        case "executable cut short":
            return ([.init(name: infoPath, bytes: info), .init(name: "Payload/Chat.app/Chat", bytes: executable, declaredSize: 4096 + 8)], "Payload/Chat.app/Chat: arm64: its LC_CODE_SIGNATURE points at")
        default: return ([.init(name: infoPath, bytes: info)], "\(infoPath): its CFBundleExecutable names Chat, which is not in the bundle")
        }
    }

    @Test(arguments: [
        "no app", "two apps", "size declared too small", "size declared too large", "stored size past the directory", "corrupt CRC", "zip bomb",
        "symbolic link", "executable cut short", "no executable",
    ])
    func aHostileArchiveIsAnError(name: String) {
        let (entries, reason) = Self.hostileArchive(name)
        let url = URL(fileURLWithPath: "/hostile/\(name).ipa")
        let error = #expect(throws: DoctorError.self) { try SignedBuild(ipa: Data(SignedBuildSamples.zip(entries)), url: url) }
        #expect(error?.file == url)
        #expect(error?.reason.hasPrefix(reason) == true, "\(error?.reason ?? "no error")")
    }

    @Test(arguments: [0, 10, 21, 100])
    func aTruncatedArchiveIsAnError(cut: Int) throws {
        let folder = try ChatBuild().write()
        let ipa = try Python.zip(folder: folder, under: "Payload", into: folder.appendingPathComponent("Chat.ipa"), stored: [])
        let bytes = try Data(contentsOf: ipa)
        #expect(throws: DoctorError.self) { try SignedBuild(ipa: bytes.prefix(bytes.count - cut - 1), url: ipa) }
    }

    /// The executable inside an .ipa is inflated only as far as its signature: a deflated
    /// entry of 12 MiB of zeros before it reads with the memory of the parts read.
    @Test func readsALargeDeflatedExecutable() throws {
        let signature = SignedBuildSamples.superBlob(entitlements: SignedBuildSamples.plist(Self.appEntitlements), der: true)
        let executable = SignedBuildSamples.machO(signature: signature, signatureOffset: 12 << 20)
        let info = SignedBuildSamples.plist(["CFBundleIdentifier": "com.example.chat", "CFBundleExecutable": "Chat"])
        let archive = SignedBuildSamples.zip([.init(name: "Payload/Chat.app/Info.plist", bytes: info), .init(name: "Payload/Chat.app/Chat", bytes: executable)])
        #expect(archive.count < executable.count / 100)
        let build = try SignedBuild(ipa: Data(archive), url: URL(fileURLWithPath: "/large.ipa"))
        #expect(build.app?.signature.entitlements?["aps-environment"] == .string("production"))
    }
}

/// The build the layout tests read: Chat.app (an ad hoc profile signed by openssl) with a
/// notification service extension (an App Store profile), written into a new temporary folder.
struct ChatBuild {
    var signed = true

    /// Writes `Chat.app` into `under` (a path inside a new temporary folder) and returns the
    /// temporary folder.
    func write(under: String = "") throws -> URL {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("doctor-signed-\(UUID().uuidString)")
        let app = root.appendingPathComponent(under).appendingPathComponent("Chat.app")
        let service = app.appendingPathComponent("PlugIns/NotificationService.appex")
        try FileManager.default.createDirectory(at: service, withIntermediateDirectories: true)
        try Self.binaryPlist(["CFBundleIdentifier": "com.example.chat", "CFBundleExecutable": "Chat", "NSUserActivityTypes": ["INSendMessageIntent"]], to: app)
        try Self.binaryPlist(
            [
                "CFBundleIdentifier": "com.example.chat.NotificationService", "CFBundleExecutable": "NotificationService",
                "NSExtension": ["NSExtensionPointIdentifier": "com.apple.usernotifications.service"], "Herald": ["AppGroup": "group.com.example.chat"],
            ], to: service)
        let appSignature = SignedBuildSamples.superBlob(entitlements: SignedBuildSamples.plist(SignedBuildLayoutTests.appEntitlements), der: true)
        let serviceSignature = SignedBuildSamples.superBlob(entitlements: SignedBuildSamples.plist(SignedBuildLayoutTests.serviceEntitlements), der: false)
        try Data(SignedBuildSamples.machO(signature: signed ? appSignature : nil)).write(to: app.appendingPathComponent("Chat"))
        try Data(SignedBuildSamples.machO(signature: signed ? serviceSignature : nil)).write(to: service.appendingPathComponent("NotificationService"))
        var adHoc = SignedBuildProfileTests.developmentProfile
        adHoc["Entitlements"] = ["application-identifier": "ABCDE12345.com.example.chat", "aps-environment": "production", "get-task-allow": false]
        try Data(try OpenSSL.sign(SignedBuildSamples.plist(adHoc))).write(to: app.appendingPathComponent("embedded.mobileprovision"))
        let appStore: [String: Any] = [
            "TeamIdentifier": ["ABCDE12345"], "Entitlements": ["application-identifier": "ABCDE12345.com.example.chat.NotificationService"],
        ]
        try Data(SignedBuildSamples.signedMessage(content: SignedBuildSamples.plist(appStore))).write(to: service.appendingPathComponent("embedded.mobileprovision"))
        return root
    }

    /// Writes `keys` as a binary Info.plist, as Xcode builds one.
    static func binaryPlist(_ keys: [String: Any], to bundle: URL) throws {
        try PropertyListSerialization.data(fromPropertyList: keys, format: .binary, options: 0).write(to: bundle.appendingPathComponent("Info.plist"))
    }
}

/// Python's zipfile, run as a user would, to make an .ipa with zlib's deflate.
enum Python {
    /// Zips `folder/Chat.app` as `under/Chat.app/...` into `archive`: files named in `stored`
    /// stored, the rest deflated.
    static func zip(folder: URL, under: String, into archive: URL, stored: [String]) throws -> URL {
        let script = """
            import os, sys, zipfile
            folder, under, archive, stored = sys.argv[1], sys.argv[2], sys.argv[3], sys.argv[4].split(",")
            with zipfile.ZipFile(archive, "w") as z:
                for base, dirs, files in os.walk(os.path.join(folder, "Chat.app")):
                    for name in sorted(files):
                        path = os.path.join(base, name)
                        method = zipfile.ZIP_STORED if name in stored else zipfile.ZIP_DEFLATED
                        z.write(path, under + "/" + os.path.relpath(path, folder), compress_type=method)
            """
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", "-c", script, folder.path, under, archive.path, stored.joined(separator: ",")]
        try process.run()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { throw OpenSSL.Failure(description: "python3 zipfile exited with \(process.terminationStatus) (is python3 installed?)") }
        return archive
    }
}
