import ArgumentParser
import Foundation
import HeraldCore
import HeraldDoctor

struct DoctorCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "doctor",
        abstract: "Check an app's Xcode project, or a signed build of it, for what communication notifications need.",
        discussion: """
            Reads project.pbxproj, the targets' Info.plist and .entitlements files, with build \
            settings resolved per configuration for the iOS device SDK (a setting defined nowhere \
            is empty, as Xcode makes it). Nothing is built and nothing is sent.

            PATH is an .xcodeproj, an .xcworkspace, a folder holding one (a React Native app's \
            ios/ folder, or the app's root), or an Expo app's app.json: the project in ios/ once \
            `npx expo prebuild` has made it; before that, the app's entitlements and Info.plist \
            keys in the config. Nothing outside PATH's folder is read: PATH itself when it is a \
            plain folder, the folder holding it otherwise (for a project.pbxproj, the folder \
            holding its .xcodeproj); a file the project names outside it is a file-outside finding.

            PATH may also be a signed build: an .ipa (what EAS Build, fastlane or Xcode's export \
            makes), an .app built for a device, an .xcarchive, or an embedded.mobileprovision \
            alone. Then doctor reads what iOS reads: the built Info.plist of the app and of each \
            extension, the entitlements their code signatures claim, and their provisioning \
            profiles (team, App ID, entitlements, expiry, development, ad-hoc, enterprise or \
            App Store), and checks the same rules against them, with the configuration \
            "signed". Signatures are read, not verified.

            Every finding has a stable check id, a status, the target and configurations it \
            concerns, and a one-line fix. Checks:
            \(DoctorCheck.all.map { "  \($0.id): \($0.summary)" }.joined(separator: "\n"))

            Exit status: 0 no errors, 1 a check failed with an error, 2 usage errors or a project \
            or property list that cannot be read (with its line).
            """
    )

    @Argument(
        help: ArgumentHelp(
            "The project (.xcodeproj, .xcworkspace, a folder, app.json) or a signed build (.ipa, .app, .xcarchive, .mobileprovision).",
            valueName: "path"))
    var path: String

    @Flag(
        name: .long,
        help: """
            Print one JSON object: {"projects": [{"project", "configurations", "extensions": [{"target", "kind", "apps", "categories"}], \
            "findings": [{"check", "status", "target", "configurations", "message", "fix"}]}]}.
            """)
    var json = false

    @Flag(name: .long, help: "Print only the checks that did not pass (in --json too).")
    var problemsOnly = false

    func run() throws {
        let reports: [DoctorReport]
        do throws(DoctorError) {
            if SignedBuild.form(of: URL(fileURLWithPath: path)) != nil {
                let build = try SignedBuild.read(at: URL(fileURLWithPath: path))
                if let app = build.app, app.isSimulatorBuild {
                    throw DoctorError(
                        file: build.url,
                        reason: "a Simulator build: its entitlements are not in its code signature and it has no profile; give doctor a build for a device (Debug-iphoneos, an archive or an .ipa), or its project")
                }
                reports = [Doctor.examine(build)]
            } else {
                reports = try projectReports()
            }
        } catch {
            CLIError.usage(error.description).exit()
        }
        if json {
            printJSON(JSONValue.object(["projects": .array(reports.map { $0.json(problemsOnly: problemsOnly) })]), .pretty)
        } else {
            printText(reports.map { $0.text(problemsOnly: problemsOnly) }.joined(separator: "\n"))
        }
        if reports.contains(where: \.hasErrors) { throw ExitCode(1) }
    }

    /// Each project PATH holds, examined.
    private func projectReports() throws(DoctorError) -> [DoctorReport] {
        // Nothing outside this folder is read (docs/doctor.md, "Limits").
        let root = try ProjectRoot(given: path)
        return try ProjectLocator.locations(at: path).map { location throws(DoctorError) in
            switch location {
            case .xcodeProject(let url): try Doctor.examine(XcodeProject(contentsOf: url, root: root))
            case .expoConfig(let url): Doctor.examine(try ExpoConfig(contentsOf: url, root: root))
            }
        }
    }
}
