import ArgumentParser
@_spi(HeraldTools) import HeraldCore
import HeraldDesk
import HeraldDoctor
import HeraldSending

/// `--push-type`, `--priority` and `--project`: how a payload will be sent and to which app,
/// for the commands that lint it (lint, preview).
struct DeliveryOptions: ParsableArguments {
    @Option(
        name: .customLong("push-type"),
        help: ArgumentHelp("The apns-push-type the payload will be sent with; a background push is judged by it.", valueName: "type"))
    var pushType: String?

    @Option(name: .long, help: ArgumentHelp("The apns-priority it will be sent with (10, 5 or 1).", valueName: "n"))
    var priority: Int?

    @Option(
        name: .long,
        help: ArgumentHelp(
            "An app's Xcode project, as `herald doctor` takes it: warn when aps.category names none of its content extensions, or a time-sensitive push goes to an app without that capability.", valueName: "path"))
    var project: String?

    func validate() throws {
        if let pushType, !APNSPushType(rawValue: pushType).isKnown {
            let known = APNSPushType.known.map(\.rawValue)
            let guess = pushType.nearest(in: known).map { "; did you mean \($0)?" } ?? ""
            throw ValidationError("--push-type \(pushType) is no APNs push type (\(known.joined(separator: ", ")))\(guess)")
        }
        if let priority {
            do { _ = try APNSPriority(headerValue: String(priority)) } catch { throw ValidationError("--priority \(priority): \(error)") }
        }
    }

    /// The push type and priority given, as lint reads them.
    var pushOptions: APNSPushOptions {
        APNSPushOptions(pushType: pushType.map(APNSPushType.init(rawValue:)), priority: priority.map(APNSPriority.init(rawValue:)))
    }

    /// What lint checks a payload against in the project; `nil` without `--project`.
    ///
    /// - Throws: ``CLIError`` (status 2) when the project cannot be read.
    func projectFacts() throws(CLIError) -> ProjectFacts? {
        guard let project else { return nil }
        var facts = ProjectFacts()
        do {
            let root = try ProjectRoot(given: project)
            for url in try ProjectLocator.projects(at: project) {
                let report = Doctor.examine(try XcodeProject(contentsOf: url, root: root))
                for found in report.extensions where found.kind == .content {
                    facts.contentCategories += found.categories.map { (category: $0, target: found.target) }
                }
                facts.apps += report.apps
                facts.timeSensitiveApps += report.timeSensitiveApps
            }
        } catch {
            throw .usage("--project: \(error)")
        }
        return facts
    }
}

/// What `--project` tells lint about the app a payload is for.
struct ProjectFacts {
    /// Every category the project's content extensions are shown for, with the extension.
    var contentCategories: [(category: String, target: String)] = []
    /// The application targets, and those with the Time Sensitive Notifications capability.
    var apps: [String] = []
    var timeSensitiveApps: [String] = []

    /// The findings on `payload` that need the project.
    func lint(_ payload: Payload) -> [LintFinding] {
        Linter.lintCategory(payload, contentCategories: contentCategories)
            + Linter.lintTimeSensitive(payload, apps: apps, timeSensitiveApps: timeSensitiveApps)
    }
}
