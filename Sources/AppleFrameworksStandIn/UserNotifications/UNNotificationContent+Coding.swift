import Foundation

// NSSecureCoding for UNNotificationContent.
//
// Source: the conformance is in the reference's list. Model: Apple's archive format is not
// public, so the stand-in archives its values as one property list under its own key. The
// property list holds everything but an update's provider (an intent is not archived), so
// `userInfo` and attachment options must be property-list values, as an APNs payload's are; a
// content holding anything else fails to encode through `NSCoder.failWithError(_:)`.
extension UNNotificationContent {
    private static let archiveKey = "AppleFrameworksStandIn.UNNotificationContent"

    func encodeFields(with coder: NSCoder) {
        var plist: [String: Any] = [
            "title": fields.title, "subtitle": fields.subtitle, "body": fields.body,
            "userInfo": fields.userInfo,
            "attachments": fields.attachments.map { attachment -> [String: Any] in
                [
                    "identifier": attachment.storedIdentifier, "url": attachment.storedURL.absoluteString,
                    "type": attachment.storedType, "options": attachment.options,
                ]
            },
            "categoryIdentifier": fields.categoryIdentifier, "threadIdentifier": fields.threadIdentifier,
            "launchImageName": fields.launchImageName, "summaryArgument": fields.summaryArgument,
            "summaryArgumentCount": fields.summaryArgumentCount,
            "interruptionLevel": Int(fields.interruptionLevel.rawValue),
            "relevanceScore": fields.relevanceScore,
        ]
        if let badge = fields.badge { plist["badge"] = badge }
        if let sound = fields.sound { plist["sound"] = Self.plist(of: sound.kind) }
        if let identifier = fields.targetContentIdentifier { plist["targetContentIdentifier"] = identifier }
        if let criteria = fields.filterCriteria { plist["filterCriteria"] = criteria }
        do {
            let data = try PropertyListSerialization.data(fromPropertyList: plist, format: .binary, options: 0)
            coder.encode(NSData(data: data), forKey: Self.archiveKey)
        } catch {
            coder.failWithError(error)
        }
    }

    static func decodeFields(with coder: NSCoder) -> Fields? {
        // An archive that is not the stand-in's plist decodes to nil, as NSSecureCoding expects.
        guard let data = coder.decodeObject(of: NSData.self, forKey: archiveKey),
            let plist = try? PropertyListSerialization.propertyList(from: Data(data), options: [], format: nil)
                as? [String: Any]
        else { return nil }
        var fields = Fields()
        fields.title = plist["title"] as? String ?? ""
        fields.subtitle = plist["subtitle"] as? String ?? ""
        fields.body = plist["body"] as? String ?? ""
        fields.badge = plist["badge"] as? NSNumber
        fields.sound = (plist["sound"] as? [String: Any]).flatMap(soundKind(from:)).map(UNNotificationSound.init(kind:))
        fields.userInfo = plist["userInfo"] as? [AnyHashable: Any] ?? [:]
        fields.attachments = (plist["attachments"] as? [[String: Any]] ?? []).compactMap { entry in
            guard let identifier = entry["identifier"] as? String, let url = (entry["url"] as? String).flatMap(URL.init(string:)),
                let type = entry["type"] as? String
            else { return nil }
            return UNNotificationAttachment(
                identifier: identifier, fileURL: url, type: type, options: entry["options"] as? [AnyHashable: Any] ?? [:])
        }
        fields.categoryIdentifier = plist["categoryIdentifier"] as? String ?? ""
        fields.threadIdentifier = plist["threadIdentifier"] as? String ?? ""
        fields.launchImageName = plist["launchImageName"] as? String ?? ""
        fields.summaryArgument = plist["summaryArgument"] as? String ?? ""
        fields.summaryArgumentCount = (plist["summaryArgumentCount"] as? NSNumber)?.intValue ?? 0
        fields.targetContentIdentifier = plist["targetContentIdentifier"] as? String
        fields.interruptionLevel =
            (plist["interruptionLevel"] as? NSNumber).flatMap { UNNotificationInterruptionLevel(rawValue: $0.uintValue) }
            ?? .active
        fields.relevanceScore = (plist["relevanceScore"] as? NSNumber)?.doubleValue ?? 0
        fields.filterCriteria = plist["filterCriteria"] as? String
        return fields
    }

    private static func plist(of kind: StandInInspection.SoundKind) -> [String: Any] {
        switch kind {
        case .default: return ["kind": "default"]
        case .named(let name): return ["kind": "named", "name": name.rawValue]
        case .critical(let name, let volume):
            var plist: [String: Any] = ["kind": "critical"]
            if let name { plist["name"] = name.rawValue }
            if let volume { plist["volume"] = Double(volume) }
            return plist
        }
    }

    private static func soundKind(from plist: [String: Any]) -> StandInInspection.SoundKind? {
        let name = (plist["name"] as? String).map(UNNotificationSoundName.init(rawValue:))
        switch plist["kind"] as? String {
        case "default": return .default
        case "named": return name.map(StandInInspection.SoundKind.named)
        case "critical": return .critical(name: name, volume: (plist["volume"] as? NSNumber)?.floatValue)
        default: return nil
        }
    }
}
