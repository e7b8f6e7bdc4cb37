import Foundation
import HeraldCore

/// An Expo app's config (`app.json` or `app.config.json`): what it says about the iOS app
/// before `npx expo prebuild` makes the Xcode project.
///
/// Only the static JSON forms are read; an `app.config.js` runs code and is not.
public struct ExpoConfig: Sendable {
    public let url: URL
    /// `expo.name`, or the file's name.
    public let name: String
    /// `expo.ios.infoPlist`: keys prebuild writes into the app's Info.plist.
    let infoPlist: [String: PropertyList]
    /// `expo.ios.entitlements`: keys prebuild writes into the app's entitlements.
    let entitlements: [String: PropertyList]?
    /// The names of `expo.plugins`.
    public let plugins: [String]

    /// - Parameters:
    ///   - url: the `app.json` or `app.config.json`.
    ///   - root: the folder `herald doctor` was given; the one that holds the file when `nil`.
    /// - Throws: ``DoctorError`` for a file outside `root`, not JSON (with its line) or not an
    ///   object.
    public init(contentsOf url: URL, root: ProjectRoot? = nil) throws(DoctorError) {
        self.url = url
        let data = try ProjectFile.data(at: url, in: root ?? ProjectRoot(folder: url.deletingLastPathComponent()))
        let root: JSONValue
        do {
            root = try JSONValue(parsing: data)
        } catch {
            throw DoctorError(file: url, line: error.line, reason: "not valid JSON at column \(error.column): \(error.detail)")
        }
        guard let config = (root["expo"] ?? root).objectValue else { throw DoctorError(file: url, reason: "the app config is not a JSON object") }
        name = config["name"]?.stringValue ?? url.lastPathComponent
        infoPlist = Self.propertyList(config["ios"]?["infoPlist"])?.dictionaryValue ?? [:]
        entitlements = Self.propertyList(config["ios"]?["entitlements"])?.dictionaryValue
        plugins = (config["plugins"]?.arrayValue ?? []).compactMap { $0.stringValue ?? $0.arrayValue?.first?.stringValue }
    }

    private static func propertyList(_ json: JSONValue?) -> PropertyList? {
        switch json {
        case .string(let text)?: .string(text)
        case .bool(let flag)?: .bool(flag)
        case .number(let number)?: number.intValue.map(PropertyList.integer) ?? .real(number.doubleValue)
        case .array(let elements)?: .array(elements.compactMap { propertyList($0) })
        case .object(let members)?: .dictionary(members.compactMapValues { propertyList($0) })
        case .null?, nil: nil
        }
    }
}
