import Foundation

/// The findings about files: those a build setting names, and `.xcconfig` includes.
extension Doctor {
    static func fileFindings(_ target: ResolvedTarget, configuration: String) -> [DoctorFinding] {
        target.fileNotes.map { note in
            var finding = fileFinding(note, target, configuration: configuration)
            finding.noteTakenAsEmpty(target.emptied(inSetting: note.setting), missing: target.settings.missingConfigurationFiles)
            return finding
        }
    }

    /// What one file a build setting names is wrong with, as a finding.
    private static func fileFinding(_ note: ResolvedTarget.FileNote, _ target: ResolvedTarget, configuration: String) -> DoctorFinding {
        let name = target.target.name
        switch note.problem {
        case .otherCase(let found):
            return DoctorFinding(
                .fileCase, .warning, target: name, configuration: configuration,
                "\(note.setting) names \(note.written), found only as \(found.lastPathComponentsRelative(to: target.settings)) (another case): a Mac's case-insensitive disk builds it, a case-sensitive one does not",
                fix: "Rename the folder or file, or change \(note.setting), so the case matches.")
        case .missing:
            return DoctorFinding(
                .fileMissing, .error, target: name, configuration: configuration, "\(note.setting) names \(note.written), which does not exist",
                fix: "Point \(note.setting) at the target's file, relative to the project folder.")
        case .outside:
            return DoctorFinding(
                .fileOutside, .error, target: name, configuration: configuration,
                "\(note.setting) names \(note.written), which is \(outside(target.root))",
                fix: "Point \(note.setting) at a file inside the project's folder, or give herald doctor a folder that holds that file too.")
        case .unreadable(let error):
            let place = error.line.map { "line \($0): " } ?? ""
            return DoctorFinding(
                .fileUnreadable, .error, target: name, configuration: configuration,
                "\(note.setting) names \(note.written), which is not a readable property list: \(place)\(error.reason)",
                fix: "Open it in Xcode's property list editor, or check it with `plutil -lint`, and mend it there.")
        }
    }

    /// Each `#include` skipped as a cycle, in the configurations based on a file that reads it.
    static func cycleFindings(_ project: XcodeProject) -> [DoctorFinding] {
        findings(project, in: \.cycles) { cycle in
            let chain = cycle.chain.map(\.lastPathComponent).joined(separator: " → ")
            return (
                .xcconfigInclude,
                "\(cycle.file.lastPathComponent) line \(cycle.line) includes \(cycle.chain.last!.lastPathComponent), which is already being read (\(chain)): Xcode skips that #include with a warning, and so does herald doctor",
                "Remove that #include, or move what both files need into a third one that each includes."
            )
        }
    }

    /// Each `.xcconfig` outside the folder, not read, in the configurations based on a file
    /// that names it (or based on it).
    static func outsideFindings(_ project: XcodeProject) -> [DoctorFinding] {
        findings(project, in: \.outside) { outside in
            guard let file = outside.file, let line = outside.line else {
                return (
                    .fileOutside, "the base configuration \(outside.path) is \(Self.outside(project.root))",
                    "Base the configuration on a file inside the project's folder, or give herald doctor a folder that holds that file too."
                )
            }
            return (
                .fileOutside, "\(file.lastPathComponent) line \(line) includes \(outside.path), which is \(Self.outside(project.root))",
                "Include a file inside the project's folder, or give herald doctor a folder that holds that file too (a parent of the project, such as the repository's root)."
            )
        }
    }

    /// Why a file was not read: the end of a finding's message.
    private static func outside(_ root: ProjectRoot) -> String {
        "outside the folder herald doctor was given (\(root.url.path)): it was not read, so what it holds is unknown"
    }

    /// A warning per entry of each base `.xcconfig` (cycles, files outside), in the
    /// configurations based on it.
    private static func findings<Entry>(
        _ project: XcodeProject, in entries: KeyPath<XCConfigFile, [Entry]>, _ describe: (Entry) -> (DoctorCheck, String, String)
    ) -> [DoctorFinding] {
        let levels = project.configurations + project.targets.flatMap(\.configurations)
        return project.xcconfigs.sorted { $0.key.path < $1.key.path }.flatMap { base, file in
            file[keyPath: entries].flatMap { entry in
                let (check, message, fix) = describe(entry)
                return levels.filter { $0.baseConfiguration == base }.map { level in
                    DoctorFinding(check, .warning, target: nil, configuration: level.name, message, fix: fix)
                }
            }
        }
    }
}

extension URL {
    /// The path relative to the project folder, as build settings write it.
    fileprivate func lastPathComponentsRelative(to settings: BuildSettings) -> String {
        guard let root = settings.value("SRCROOT")?.text, path.hasPrefix(root + "/") else { return path }
        return String(path.dropFirst(root.count + 1))
    }
}
