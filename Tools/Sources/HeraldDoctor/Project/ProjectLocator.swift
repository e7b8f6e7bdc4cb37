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
    /// prebuild` has made it, the config itself before. Nothing outside
    /// ``ProjectRoot/init(given:)`` of PATH is read, a workspace's projects included.
    ///
    /// - Throws: ``DoctorError`` saying what was looked for where.
    public static func locations(at path: String) throws(DoctorError) -> [Location] {
        let url = URL(fileURLWithPath: path).standardizedFileURL
        let root = try ProjectRoot(given: path)
        if url.pathExtension == "json", ["app.json", "app.config.json"].contains(url.lastPathComponent),
            FileManager.default.fileExists(atPath: url.path),
            (try? inFolder(url.deletingLastPathComponent().appendingPathComponent("ios"), root: root))??.isEmpty ?? true
        {
            guard isExpoConfig(url, root: root) else {
                throw DoctorError(
                    file: url,
                    reason: "a React Native app's app.json (no \"expo\" key), with no ios/ folder beside it: give the folder that holds the app's .xcodeproj")
            }
            return [.expoConfig(url)]
        }
        return try projects(at: path, root: root).map(Location.xcodeProject)
    }

    /// Whether an `app.json` is Expo's: its settings under `expo`, or Expo's own keys at the top
    /// (as `app.config.json` may have them). A bare React Native `app.json` holds only `name`
    /// and `displayName`. A file that is not a JSON object counts as Expo's, whose reader says
    /// what is wrong with it.
    private static func isExpoConfig(_ url: URL, root: ProjectRoot) -> Bool {
        guard let data = try? ProjectFile.data(at: url, in: root), let object = (try? JSONValue(parsing: data))?.objectValue else { return true }
        return object["expo"] != nil || !Set(object.keys).isDisjoint(with: ["ios", "android", "plugins", "slug", "sdkVersion", "platforms"])
    }

    /// The `.xcodeproj` folders PATH stands for; see ``locations(at:)``. An Expo config without
    /// `ios/` is an error here.
    ///
    /// - Throws: ``DoctorError`` saying what was looked for where.
    public static func projects(at path: String) throws(DoctorError) -> [URL] {
        try projects(at: path, root: ProjectRoot(given: path))
    }

    private static func projects(at path: String, root: ProjectRoot) throws(DoctorError) -> [URL] {
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
            return try workspaceProjects(url, root: root)
        case "json":
            guard ["app.json", "app.config.json"].contains(url.lastPathComponent) else {
                throw DoctorError(file: url, reason: "give an .xcodeproj, an .xcworkspace, a folder holding one, or an Expo app.json")
            }
            let ios = url.deletingLastPathComponent().appendingPathComponent("ios")
            guard let found = try? inFolder(ios, root: root), !found.isEmpty else {
                throw DoctorError(
                    file: url,
                    reason: "no ios/ folder with an Xcode project beside it: an Expo app gets one from `npx expo prebuild`; run that, then herald doctor on ios/")
            }
            return found
        default:
            guard isFolder.boolValue else {
                throw DoctorError(
                    file: url, reason: "give an .xcodeproj, an .xcworkspace, a folder holding one, an Expo app.json, or a signed build (.ipa, .app, .xcarchive, .mobileprovision)")
            }
            if let found = try inFolder(url, root: root), !found.isEmpty { return found }
            if let found = try inFolder(url.appendingPathComponent("ios"), root: root), !found.isEmpty { return found }
            // One level down (a repository whose project sits in a folder of its own), skipping
            // hidden folders and dependencies.
            let skipped: Set = ["Pods", "node_modules", "build", "DerivedData", "Carthage"]
            let folders = ((try? FileManager.default.contentsOfDirectory(atPath: url.path)) ?? []).sorted().filter { !$0.hasPrefix(".") && !skipped.contains($0) }
            var found: [URL] = []
            for name in folders { found += (try? inFolder(url.appendingPathComponent(name), root: root)).flatMap { $0 } ?? [] }
            if !found.isEmpty { return found }
            // What else the folder holds that doctor reads: say to give that.
            let other = folders.first { ["app.json", "app.config.json"].contains($0) || SignedBuild.form(of: URL(fileURLWithPath: $0)) != nil }
            let hint = other.map { "; it holds \($0): give doctor that" }
                ?? (url.pathExtension == "appex" ? "; an .appex is checked with its app: give doctor the .app that holds it" : "")
            throw DoctorError(file: url, reason: "no .xcodeproj or .xcworkspace here, in ios/ or in a folder one level down\(hint)")
        }
    }

    /// The projects directly in `folder` (through its workspace when there is one), or `nil`
    /// when the folder does not exist or is outside `root` (a link that leads out is not listed).
    private static func inFolder(_ folder: URL, root: ProjectRoot) throws(DoctorError) -> [URL]? {
        guard root.holds(folder), let names = try? FileManager.default.contentsOfDirectory(atPath: folder.path) else { return nil }
        let projects = names.filter { $0.hasSuffix(".xcodeproj") && $0 != "Pods.xcodeproj" }.sorted().map { folder.appendingPathComponent($0) }
        if !projects.isEmpty { return projects }
        if let workspace = names.filter({ $0.hasSuffix(".xcworkspace") }).sorted().first {
            return try workspaceProjects(folder.appendingPathComponent(workspace), root: root)
        }
        return []
    }

    /// The projects a workspace's `contents.xcworkspacedata` names (`group:App.xcodeproj`),
    /// inside its groups too. One outside `root` is an error, before it is asked whether it
    /// exists.
    private static func workspaceProjects(_ workspace: URL, root: ProjectRoot) throws(DoctorError) -> [URL] {
        let file = workspace.appendingPathComponent("contents.xcworkspacedata")
        let projects = try WorkspaceReader.projects(in: ProjectFile.data(at: file, in: root), file: file, container: workspace.deletingLastPathComponent())
            .filter { $0.lastPathComponent != "Pods.xcodeproj" }
        guard !projects.isEmpty else { throw DoctorError(file: file, reason: "the workspace names no Xcode project besides Pods") }
        if let outside = projects.first(where: { !root.holds($0) }) {
            throw DoctorError(
                file: file,
                reason: "the workspace names \(outside.path), outside the folder herald doctor was given (\(root.url.path)): give herald doctor a folder that holds both")
        }
        if let missing = projects.first(where: { !FileManager.default.fileExists(atPath: $0.path) }) {
            throw DoctorError(file: file, reason: "the workspace names \(missing.path), which does not exist")
        }
        return projects
    }
}
