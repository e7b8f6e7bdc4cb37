import Foundation
import HeraldCore

/// Finds the Xcode projects `herald doctor PATH` means.
public enum ProjectLocator {
    /// What PATH stands for: Xcode projects, or an Expo app's config before prebuild.
    public enum Location: Hashable, Sendable {
        /// An `.xcodeproj` folder.
        case xcodeProject(URL)
        /// An Expo app's `app.json` or `app.config.json` with no `ios/` folder yet.
        case expoConfig(URL)
    }

    /// The projects PATH stands for.
    ///
    /// PATH may be an `.xcodeproj`; an `.xcworkspace` (its projects but CocoaPods' `Pods`); a
    /// folder holding one of those, directly, in `ios/` (a React Native app) or one level down; or an Expo
    /// app's `app.json` / `app.config.json`: its `ios/` folder's project once `npx expo
    /// prebuild` has made it, the config itself before.
    ///
    /// - Throws: ``DoctorError`` saying what was looked for where.
    public static func locations(at path: String) throws(DoctorError) -> [Location] {
        let url = URL(fileURLWithPath: path).standardizedFileURL
        if url.pathExtension == "json", ["app.json", "app.config.json"].contains(url.lastPathComponent),
            FileManager.default.fileExists(atPath: url.path),
            (try? inFolder(url.deletingLastPathComponent().appendingPathComponent("ios")))??.isEmpty ?? true
        {
            guard isExpoConfig(url) else {
                throw DoctorError(
                    file: url,
                    reason: "a React Native app's app.json (no \"expo\" key), with no ios/ folder beside it: give the folder that holds the app's .xcodeproj")
            }
            return [.expoConfig(url)]
        }
        return try projects(at: path).map(Location.xcodeProject)
    }

    /// Whether an `app.json` is Expo's: its settings under `expo`, or Expo's own keys at the top
    /// (as `app.config.json` may have them). A bare React Native `app.json` holds only `name`
    /// and `displayName`. A file that is not a JSON object counts as Expo's, whose reader says
    /// what is wrong with it.
    private static func isExpoConfig(_ url: URL) -> Bool {
        guard let data = try? ProjectFile.data(at: url), let object = (try? JSONValue(parsing: data))?.objectValue else { return true }
        return object["expo"] != nil || !Set(object.keys).isDisjoint(with: ["ios", "android", "plugins", "slug", "sdkVersion", "platforms"])
    }

    /// The `.xcodeproj` folders PATH stands for; see ``locations(at:)``. An Expo config without
    /// `ios/` is an error here.
    ///
    /// - Throws: ``DoctorError`` saying what was looked for where.
    public static func projects(at path: String) throws(DoctorError) -> [URL] {
        var url = URL(fileURLWithPath: path).standardizedFileURL
        if url.lastPathComponent == "project.pbxproj" { url.deleteLastPathComponent() }
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder) else {
            throw DoctorError(file: url, reason: "no such file or folder")
        }
        switch url.pathExtension {
        case "xcodeproj":
            return [url]
        case "xcworkspace":
            return try workspaceProjects(url)
        case "json":
            guard ["app.json", "app.config.json"].contains(url.lastPathComponent) else {
                throw DoctorError(file: url, reason: "give an .xcodeproj, an .xcworkspace, a folder holding one, or an Expo app.json")
            }
            let ios = url.deletingLastPathComponent().appendingPathComponent("ios")
            guard let found = try? inFolder(ios), !found.isEmpty else {
                throw DoctorError(
                    file: url,
                    reason: "no ios/ folder with an Xcode project beside it: an Expo app gets one from `npx expo prebuild`; run that, then herald doctor on ios/")
            }
            return found
        default:
            guard isFolder.boolValue else {
                throw DoctorError(file: url, reason: "give an .xcodeproj, an .xcworkspace, a folder holding one, or an Expo app.json")
            }
            if let found = try inFolder(url), !found.isEmpty { return found }
            if let found = try inFolder(url.appendingPathComponent("ios")), !found.isEmpty { return found }
            // One level down (a repository whose project sits in a folder of its own), skipping
            // hidden folders and dependencies.
            let skipped: Set = ["Pods", "node_modules", "build", "DerivedData", "Carthage"]
            let folders = ((try? FileManager.default.contentsOfDirectory(atPath: url.path)) ?? []).sorted().filter { !$0.hasPrefix(".") && !skipped.contains($0) }
            var found: [URL] = []
            for name in folders { found += (try? inFolder(url.appendingPathComponent(name))).flatMap { $0 } ?? [] }
            if !found.isEmpty { return found }
            throw DoctorError(file: url, reason: "no .xcodeproj or .xcworkspace here, in ios/ or in a folder one level down")
        }
    }

    /// The projects directly in `folder` (through its workspace when there is one), or `nil`
    /// when the folder does not exist.
    private static func inFolder(_ folder: URL) throws(DoctorError) -> [URL]? {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder.path) else { return nil }
        let projects = names.filter { $0.hasSuffix(".xcodeproj") && $0 != "Pods.xcodeproj" }.sorted().map { folder.appendingPathComponent($0) }
        if !projects.isEmpty { return projects }
        if let workspace = names.filter({ $0.hasSuffix(".xcworkspace") }).sorted().first {
            return try workspaceProjects(folder.appendingPathComponent(workspace))
        }
        return []
    }

    /// The projects a workspace's `contents.xcworkspacedata` names (`group:App.xcodeproj`),
    /// inside its groups too.
    private static func workspaceProjects(_ workspace: URL) throws(DoctorError) -> [URL] {
        let file = workspace.appendingPathComponent("contents.xcworkspacedata")
        let projects = try WorkspaceReader.projects(in: ProjectFile.data(at: file), file: file, container: workspace.deletingLastPathComponent())
            .filter { $0.lastPathComponent != "Pods.xcodeproj" }
        guard !projects.isEmpty else { throw DoctorError(file: file, reason: "the workspace names no Xcode project besides Pods") }
        if let missing = projects.first(where: { !FileManager.default.fileExists(atPath: $0.path) }) {
            throw DoctorError(file: file, reason: "the workspace names \(missing.path), which does not exist")
        }
        return projects
    }
}
