import Foundation
import HeraldDoctor
import Testing

/// What a hostile project cannot make doctor read, and so print: a file outside the folder it
/// was given, named by an `#include`, a build setting or a symbolic link; or anything under
/// `/proc`, whatever the folder.
@Suite struct DoctorContainmentTests {
    /// A folder beside the projects SyntheticProject writes, holding what they must not read.
    struct Outside {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("doctor-outside-\(UUID().uuidString)")
        let secret = "sekrit-\(UUID().uuidString)"

        init() throws {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        }

        /// Writes `text` to `name` in the folder and returns its URL.
        func write(_ name: String, _ text: String) throws -> URL {
            let url = folder.appendingPathComponent(name)
            try Data(text.utf8).write(to: url)
            return url
        }

        /// The path of `name` from a SyntheticProject's folder, through `..`.
        func relative(_ name: String) -> String { "../\(folder.lastPathComponent)/\(name)" }
    }

    /// Everything doctor would print about the report: messages and fixes.
    static func output(_ report: DoctorReport) -> String {
        report.findings.map { "\($0.message)\n\($0.fix ?? "")" }.joined(separator: "\n")
    }

    static func outsideNote(_ url: URL) throws -> String {
        let root = try ProjectRoot(given: url.path).url.path
        return "which is outside the folder herald doctor was given (\(root)): it was not read, so what it holds is unknown"
    }

    /// The probe: `#include "/proc/self/environ"` read the process's environment into a
    /// setting, and a finding printed it.
    @Test func anIncludeOfProcSelfEnvironIsAFindingAndNothingOfTheEnvironmentIsPrinted() throws {
        let handle = try FileHandle(forReadingFrom: URL(fileURLWithPath: "/proc/self/environ"))
        let environ = try #require(try handle.readToEnd()).split(separator: 0).map { String(decoding: $0, as: UTF8.self) }
        let first = try #require(environ.first?.split(separator: "=", maxSplits: 1).map(String.init))
        var project = SyntheticProject()
        project.xcconfigs = ["Base.xcconfig": "#include \"/proc/self/environ\"\nL0 = $(\(first[0]))\n"]
        project.serviceSettings["PRODUCT_BUNDLE_IDENTIFIER"] = "$(L0)"
        let url = try project.write()
        for root in [nil, try ProjectRoot(given: "/")] {
            let report = try Doctor.examine(XcodeProject(contentsOf: url, root: root))
            let outside = report.results(.fileOutside)
            let note = try root == nil ? Self.outsideNote(url) : "which is outside the folder herald doctor was given (/): it was not read, so what it holds is unknown"
            #expect(outside.map(\.message) == ["Base.xcconfig line 1 includes /proc/self/environ, \(note)"])
            #expect(outside.map(\.status) == [.warning] && outside.first?.configurations == ["Debug", "Release"])
            let output = Self.output(report)
            #expect(!output.contains("\u{0}"))
            for entry in environ where entry.count > 8 { #expect(!output.contains(entry)) }
            if first.count == 2, first[1].count >= 8 { #expect(!output.contains(first[1])) }
            #expect(report.results(.unresolvedSetting).contains { $0.message.hasPrefix("$(\(first[0])) is defined nowhere") })
        }
    }

    /// The probe's second form: `#include "~/.aws/credentials"`, then `L0 = $(aws_secret_access_key)`.
    @Test(arguments: [true, false])
    func anIncludeOfAFileOutsideTheFolderIsAFindingAndItsSecretIsNotPrinted(absolute: Bool) throws {
        let outside = try Outside()
        let credentials = try outside.write("credentials", "[default]\naws_secret_access_key = \(outside.secret)\n")
        let written = absolute ? credentials.path : outside.relative("credentials")
        var project = SyntheticProject()
        project.xcconfigs = ["Base.xcconfig": "APP = 1\n#include \"\(written)\"\nL0 = $(aws_secret_access_key)\n"]
        project.serviceSettings["PRODUCT_BUNDLE_IDENTIFIER"] = "$(L0)"
        let url = try project.write()
        let report = try Doctor.examine(XcodeProject(contentsOf: url))
        #expect(report.results(.fileOutside).map(\.message) == ["Base.xcconfig line 2 includes \(written), \(try Self.outsideNote(url))"])
        #expect(report.results(.fileOutside).first?.fix?.contains("give herald doctor a folder that holds that file too") == true)
        #expect(!Self.output(report).contains(outside.secret))
    }

    @Test func anInfoPlistNamedThroughDotDotIsNotReadAndIsAnError() throws {
        let outside = try Outside()
        let info: [String: Any] = [
            "NSExtension": ["NSExtensionPointIdentifier": "com.apple.usernotifications.service", "NSExtensionPrincipalClass": outside.secret]
        ]
        try PropertyListSerialization.data(fromPropertyList: info, format: .xml, options: 0).write(to: outside.folder.appendingPathComponent("Info.plist"))
        var project = SyntheticProject()
        project.serviceSettings["INFOPLIST_FILE"] = outside.relative("Info.plist")
        let url = try project.write()
        let report = try Doctor.examine(XcodeProject(contentsOf: url))
        let found = report.results(.fileOutside)
        #expect(found.map(\.message) == ["INFOPLIST_FILE names \(outside.relative("Info.plist")), \(try Self.outsideNote(url))"])
        #expect(found.map(\.status) == [.error] && found.first?.target == "NotificationService")
        #expect(!Self.output(report).contains(outside.secret))
    }

    @Test func aLinkInsideTheProjectToAFileOutsideIsNotRead() throws {
        let outside = try Outside()
        let entitlements: [String: Any] = ["com.apple.security.application-groups": ["group.\(outside.secret)"]]
        let target = outside.folder.appendingPathComponent("NSE.entitlements")
        try PropertyListSerialization.data(fromPropertyList: entitlements, format: .xml, options: 0).write(to: target)
        let url = try SyntheticProject().write()
        let link = url.deletingLastPathComponent().appendingPathComponent("NotificationService/NotificationService.entitlements")
        try FileManager.default.removeItem(at: link)
        try FileManager.default.createSymbolicLink(at: link, withDestinationURL: target)
        let report = try Doctor.examine(XcodeProject(contentsOf: url))
        let found = report.results(.fileOutside)
        #expect(found.map(\.message) == ["CODE_SIGN_ENTITLEMENTS names NotificationService/NotificationService.entitlements, \(try Self.outsideNote(url))"])
        #expect(found.map(\.status) == [.error])
        #expect(!Self.output(report).contains(outside.secret))
    }

    @Test func anIncludeThroughAFolderLinkedOutsideIsNotRead() throws {
        let outside = try Outside()
        _ = try outside.write("Secret.xcconfig", "L0 = \(outside.secret)\n")
        var project = SyntheticProject()
        project.xcconfigs = ["Base.xcconfig": "#include \"Config/Secret.xcconfig\"\n"]
        project.serviceSettings["PRODUCT_BUNDLE_IDENTIFIER"] = "$(L0)"
        let url = try project.write()
        try FileManager.default.createSymbolicLink(at: url.deletingLastPathComponent().appendingPathComponent("Config"), withDestinationURL: outside.folder)
        let report = try Doctor.examine(XcodeProject(contentsOf: url))
        #expect(report.results(.fileOutside).map(\.message) == ["Base.xcconfig line 1 includes Config/Secret.xcconfig, \(try Self.outsideNote(url))"])
        #expect(!Self.output(report).contains(outside.secret))
    }

    /// The fix the finding gives: a folder that holds both is read as before.
    @Test func aFolderThatHoldsTheIncludedFileReadsIt() throws {
        let outside = try Outside()
        _ = try outside.write("Shared.xcconfig", "SHARED = \(outside.secret)\n")
        var project = SyntheticProject()
        project.xcconfigs = ["Base.xcconfig": "#include \"\(outside.relative("Shared.xcconfig"))\"\n"]
        let url = try project.write()
        let parent = try ProjectRoot(given: FileManager.default.temporaryDirectory.path)
        let xcodeProject = try XcodeProject(contentsOf: url, root: parent)
        #expect(Doctor.examine(xcodeProject).results(.fileOutside).isEmpty)
        #expect(BuildSettings(project: xcodeProject, target: xcodeProject.targets[0], configuration: "Debug").value("SHARED")?.text == outside.secret)
    }

    /// `herald doctor PATH` reads in PATH when it is a folder, else in the folder that holds it
    /// (for a `project.pbxproj`, the one that holds its `.xcodeproj`), links followed first.
    @Test func theFolderPathStandsFor() throws {
        let url = try SyntheticProject().write()
        let folder = url.deletingLastPathComponent()
        let real = try ProjectRoot(given: folder.path).url.path
        #expect(try ProjectRoot(given: url.path).url.path == real)
        #expect(try ProjectRoot(given: url.appendingPathComponent("project.pbxproj").path).url.path == real)
        #expect(try ProjectRoot(given: folder.appendingPathComponent("Chat/Info.plist").path).url.path == real + "/Chat")
        let link = FileManager.default.temporaryDirectory.appendingPathComponent("doctor-link-\(UUID().uuidString).xcodeproj")
        try FileManager.default.createSymbolicLink(at: link, withDestinationURL: url)
        #expect(try ProjectRoot(given: link.path).url.path == real)
        #expect(throws: DoctorError(file: URL(fileURLWithPath: "/no/such/App.xcodeproj"), reason: "no such file or folder")) {
            try ProjectRoot(given: "/no/such/App.xcodeproj")
        }
    }
}
