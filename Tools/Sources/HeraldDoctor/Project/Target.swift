import Foundation

/// A target of an Xcode project: what it builds, its configurations, what it embeds and the
/// Swift package products it links.
public struct Target: Sendable {
    /// The product type Xcode writes, such as `com.apple.product-type.app-extension`.
    public struct ProductType: RawRepresentable, Hashable, Sendable {
        public let rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }

        public static let application = ProductType(rawValue: "com.apple.product-type.application")
        public static let appExtension = ProductType(rawValue: "com.apple.product-type.app-extension")
    }

    public let name: String
    public let productType: ProductType?
    /// The id of the file reference for the product (`NSE.appex`), which other targets embed.
    let productID: String?
    public let configurations: [BuildConfiguration]
    /// Product ids copied into the app's `PlugIns` folder ("Embed App Extensions", `dstSubfolderSpec = 13`).
    let embeddedPlugInIDs: Set<String>
    /// Those of them copied only in installation builds ("Copy only when installing",
    /// `runOnlyForDeploymentPostprocessing = 1`).
    let installOnlyPlugInIDs: Set<String>
    /// The Swift package products the target links (`HeraldNotificationService`).
    public let packageProducts: Set<String>
    /// The names of the frameworks and libraries its Frameworks phase links
    /// (`OneSignalExtension.xcframework`, `libPods-NSE.a`).
    public let linkedFiles: Set<String>
    /// Where its Swift and Objective-C sources are: the files of its Sources phase, and the
    /// folders Xcode 16 synchronizes into it (`fileSystemSynchronizedGroups`).
    public let sourceLocations: [URL]

    init(id: String, objects: ObjectTable, paths: FilePaths) throws(DoctorError) {
        let target = try objects.object(id, from: "targets")
        name = target["name"]?.stringValue ?? id
        productType = target["productType"]?.stringValue.map(ProductType.init(rawValue:))
        productID = target["productReference"]?.stringValue
        configurations = try objects.configurations(of: target, paths: paths)
        var plugIns: Set<String> = []
        var installOnly: Set<String> = []
        var products: Set<String> = []
        var linked: Set<String> = []
        var sources: [URL] = []
        for phaseID in target["buildPhases"]?.arrayValue?.compactMap(\.stringValue) ?? [] {
            let phase = try objects.object(phaseID, from: "the build phases of \(name)")
            let files = phase["files"]?.arrayValue?.compactMap(\.stringValue) ?? []
            let kind = phase["isa"]?.stringValue
            let isPlugIns = kind == "PBXCopyFilesBuildPhase" && phase["dstSubfolderSpec"]?.stringValue == "13"
            for fileID in files {
                let file = try objects.object(fileID, from: "a build phase of \(name)")
                if isPlugIns, let reference = file["fileRef"]?.stringValue {
                    plugIns.insert(reference)
                    if phase["runOnlyForDeploymentPostprocessing"]?.stringValue == "1" { installOnly.insert(reference) }
                }
                if let reference = file["fileRef"]?.stringValue, let entry = objects.entries[reference] {
                    if kind == "PBXFrameworksBuildPhase", let linkedName = (entry["name"] ?? entry["path"])?.stringValue {
                        linked.insert((linkedName as NSString).lastPathComponent)
                    }
                    if kind == "PBXSourcesBuildPhase", let url = paths.url(of: reference) { sources.append(url) }
                }
                if let productRef = file["productRef"]?.stringValue, let name = objects.entries[productRef]?["productName"]?.stringValue {
                    products.insert(name)
                }
            }
        }
        for dependencyID in target["packageProductDependencies"]?.arrayValue?.compactMap(\.stringValue) ?? [] {
            if let name = objects.entries[dependencyID]?["productName"]?.stringValue { products.insert(name) }
        }
        for groupID in target["fileSystemSynchronizedGroups"]?.arrayValue?.compactMap(\.stringValue) ?? [] {
            if let url = paths.url(of: groupID) { sources.append(url) }
        }
        embeddedPlugInIDs = plugIns
        installOnlyPlugInIDs = installOnly
        packageProducts = products
        linkedFiles = linked
        sourceLocations = sources
    }
}
