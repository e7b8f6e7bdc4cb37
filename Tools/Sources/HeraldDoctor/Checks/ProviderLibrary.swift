import Foundation

/// A push provider's extension library that a notification service extension forwards to:
/// how its source calls it, and how a project links it.
struct ProviderLibrary: Sendable {
    /// `OneSignal's OneSignalExtension`.
    let name: String
    /// Text in a Swift or Objective-C source that calls into it.
    let calls: [String]
    let packageProducts: [String]
    /// CocoaPods pods (or subspecs, by prefix) that bring it.
    let pods: [String]
    /// Framework or library names in a Frameworks phase that are it.
    let frameworks: [String]
    let fix: String

    /// OneSignal SDK 5 (`OneSignalExtension`) and earlier (`OneSignal`), Swift and Objective-C.
    static let oneSignal = ProviderLibrary(
        name: "OneSignal's OneSignalExtension",
        calls: ["OneSignalExtension.didReceiveNotificationExtensionRequest", "OneSignalExtension didReceiveNotificationExtensionRequest",
                "OneSignal.didReceiveNotificationExtensionRequest", "OneSignal didReceiveNotificationExtensionRequest"],
        packageProducts: ["OneSignalExtension"], pods: ["OneSignalXCFramework", "OneSignal"], frameworks: ["OneSignalExtension", "OneSignal."],
        fix: "Add the Swift package product OneSignalExtension (OneSignal-XCFramework) to the extension, or pod 'OneSignalXCFramework' inside its Podfile target.")
    /// Firebase's messaging extension helper, Swift and Objective-C.
    static let firebase = ProviderLibrary(
        name: "Firebase's FirebaseMessaging",
        calls: ["Messaging.serviceExtension()", "FIRMessaging extensionHelper"],
        packageProducts: ["FirebaseMessaging"], pods: ["FirebaseMessaging", "Firebase/Messaging"], frameworks: ["FirebaseMessaging"],
        fix: "Add the Swift package product FirebaseMessaging (firebase-ios-sdk) to the extension, or pod 'FirebaseMessaging' inside its Podfile target.")

    static let all = [oneSignal, firebase]

    /// The first source file of `target` that calls this library, or `nil`.
    func caller(in sources: [SourceFile]) -> SourceFile? {
        sources.first { file in calls.contains { file.text.contains($0) } }
    }

    /// How `target` links the library, or `nil` when nothing in the project does.
    func linkage(of target: Target, pods: [String]) -> String? {
        if let product = packageProducts.first(where: target.packageProducts.contains) { return "the Swift package product \(product)" }
        if let pod = pods.first(where: { pod in self.pods.contains { pod == $0 || pod.hasPrefix($0 + "/") } }) { return "the pod \(pod)" }
        if let file = target.linkedFiles.first(where: { file in frameworks.contains { file.hasPrefix($0) } }) { return file }
        return nil
    }
}

/// A Swift or Objective-C file of a target, read for what it calls.
struct SourceFile {
    let url: URL
    let text: String

    /// The Swift file that declares the class `name` under that name alone, when one does
    /// and nothing gives it that name in Objective-C: no `@objc(name)`, no Objective-C
    /// `@implementation name`.
    static func swiftDeclaration(ofClass name: String, in sources: [SourceFile]) -> SourceFile? {
        guard sources.allSatisfy({ !$0.text.contains("@objc(\(name))") && !$0.text.contains("@implementation \(name)") }) else { return nil }
        return sources.first { file in
            file.url.pathExtension == "swift" && file.text.ranges(of: "class \(name)").contains { range in
                // The whole name: `class NotificationService:` or `class NotificationService {`.
                file.text[range.upperBound...].first.map { !($0.isLetter || $0.isNumber || $0 == "_") } ?? true
            }
        }
    }

    /// What ``files(of:limit:)`` read of a target, and what it could not.
    struct Reading {
        var files: [SourceFile] = []
        /// Source files that could not be read, or were over ``ProjectFile/limit``.
        var unread: [DoctorError] = []
        /// There were more source files than the limit; the rest were not read.
        var truncated = false
    }

    /// The target's source files: those of its Sources phase and of the folders Xcode
    /// synchronizes into it, at most `limit` files. A file or folder outside `root` is not
    /// read, nor listed: it is among ``Reading/unread``.
    static func files(of target: Target, root: ProjectRoot, limit: Int = 400) -> Reading {
        var urls: [URL] = []
        var reading = Reading()
        func add(_ url: URL) {
            guard ["swift", "m", "mm"].contains(url.pathExtension) else { return }
            if urls.count < limit { urls.append(url) } else { reading.truncated = true }
        }
        for location in target.sourceLocations {
            guard root.holds(location) else {
                reading.unread.append(DoctorError(file: location, reason: root.refusal))
                continue
            }
            var isFolder: ObjCBool = false
            guard FileManager.default.fileExists(atPath: location.path, isDirectory: &isFolder) else { continue }
            guard isFolder.boolValue else {
                add(location)
                continue
            }
            let walker = FileManager.default.enumerator(at: location, includingPropertiesForKeys: nil)
            while let url = walker?.nextObject() as? URL, !reading.truncated { add(url) }
        }
        for url in urls {
            do {
                reading.files.append(SourceFile(url: url, text: try ProjectFile.text(at: url, in: root)))
            } catch {
                reading.unread.append(error)
            }
        }
        return reading
    }
}
