import Foundation

/// An Xcode project as `herald doctor` reads it: its targets, their build configurations and
/// what each embeds and links, from `project.pbxproj`.
///
/// Only what the checks need is modelled; everything else in the file is read and ignored.
public struct XcodeProject: Sendable {
    /// The `.xcodeproj` folder.
    public let url: URL
    /// The folder holding it: `$(SRCROOT)`, against which build settings' paths are resolved.
    public var sourceRoot: URL { url.deletingLastPathComponent() }
    /// The project's own name (`Bark` for `Bark.xcodeproj`).
    public var name: String { url.deletingPathExtension().lastPathComponent }
    /// Project-level build configurations, by name, in the file's order.
    public let configurations: [BuildConfiguration]
    public let targets: [Target]
    /// The folder `herald doctor` reads in: no file outside it is read.
    public let root: ProjectRoot
    /// Every base `.xcconfig` a configuration names, read once, includes in place.
    let xcconfigs: [URL: XCConfigFile]

    /// Reads `project.pbxproj` inside `url`.
    ///
    /// - Parameters:
    ///   - url: an `.xcodeproj` folder.
    ///   - root: the folder `herald doctor` was given (``ProjectRoot/init(given:)``); the one
    ///     that holds the `.xcodeproj` when `nil`. Files the project names outside it are not
    ///     read: they are findings.
    /// - Throws: ``DoctorError`` when the file is missing, outside `root` or not a well-formed
    ///   project, with the line of a syntax error; or when a base `.xcconfig` cannot be read or
    ///   its includes go past ``XCConfigReader``'s budget.
    public init(contentsOf url: URL, root: ProjectRoot? = nil) throws(DoctorError) {
        self.url = url
        let root = root ?? ProjectRoot(folder: url.deletingLastPathComponent())
        self.root = root
        let file = url.appendingPathComponent("project.pbxproj")
        let list = try ProjectFile.propertyList(at: file, in: root)
        let objects = ObjectTable(file: file, entries: list["objects"]?.dictionaryValue ?? [:])
        guard let rootID = list["rootObject"]?.stringValue else { throw DoctorError(file: file, reason: "no rootObject: not an Xcode project") }
        let project = try objects.object(rootID, isa: "PBXProject", from: "rootObject")
        let paths = FilePaths(objects: objects, sourceRoot: url.deletingLastPathComponent())
        configurations = try objects.configurations(of: project, paths: paths)
        guard !configurations.isEmpty else {
            throw DoctorError(file: file, reason: "the project has no build configurations (its buildConfigurationList), so nothing can be checked")
        }
        var targets: [Target] = []
        for id in project["targets"]?.arrayValue?.compactMap(\.stringValue) ?? [] {
            targets.append(try Target(id: id, objects: objects, paths: paths))
        }
        self.targets = targets
        var reader = XCConfigReader(root: root)
        var xcconfigs: [URL: XCConfigFile] = [:]
        for base in (configurations + targets.flatMap(\.configurations)).compactMap(\.baseConfiguration) where xcconfigs[base] == nil {
            xcconfigs[base] = try reader.read(base)
        }
        self.xcconfigs = xcconfigs
    }

    /// The target whose product is the file `productID` refers to.
    func target(producing productID: String) -> Target? { targets.first { $0.productID == productID } }
}

/// One configuration (`Debug`) of the project or a target: its settings and base `.xcconfig`.
public struct BuildConfiguration: Sendable {
    public let name: String
    /// The settings written in the project file, conditions included (`KEY[sdk=iphoneos*]`).
    public let settings: [String: PropertyList]
    /// The `.xcconfig` the configuration is based on, when it names one (it may not exist).
    public let baseConfiguration: URL?
}

/// `project.pbxproj`'s `objects` table, with errors that name the file.
struct ObjectTable {
    let file: URL
    let entries: [String: PropertyList]

    func object(_ id: String, isa: String? = nil, from place: String) throws(DoctorError) -> [String: PropertyList] {
        guard let object = entries[id]?.dictionaryValue else {
            throw DoctorError(file: file, reason: "\(place) refers to \(id), which is not in the objects table")
        }
        if let isa, object["isa"]?.stringValue != isa {
            throw DoctorError(file: file, reason: "\(place) refers to \(id), a \(object["isa"]?.stringValue ?? "object without isa"), not a \(isa)")
        }
        return object
    }

    func configurations(of owner: [String: PropertyList], paths: FilePaths) throws(DoctorError) -> [BuildConfiguration] {
        guard let listID = owner["buildConfigurationList"]?.stringValue else { return [] }
        let list = try object(listID, isa: "XCConfigurationList", from: "buildConfigurationList")
        var result: [BuildConfiguration] = []
        for id in list["buildConfigurations"]?.arrayValue?.compactMap(\.stringValue) ?? [] {
            let configuration = try object(id, isa: "XCBuildConfiguration", from: "buildConfigurations")
            result.append(
                BuildConfiguration(
                    name: configuration["name"]?.stringValue ?? id,
                    settings: configuration["buildSettings"]?.dictionaryValue ?? [:],
                    baseConfiguration: configuration["baseConfigurationReference"]?.stringValue.flatMap(paths.url(of:))
                ))
        }
        return result
    }
}
