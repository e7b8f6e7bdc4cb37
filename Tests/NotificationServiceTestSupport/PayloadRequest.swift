import Foundation
import HeraldCore

#if canImport(UserNotifications)
import UserNotifications
#else
import AppleFrameworksStandIn
#endif

/// A request whose content carries `userInfo` as iOS builds it from a payload.
public func request(_ payload: JSONValue, identifier: String = UUID().uuidString) -> UNNotificationRequest {
    let content = UNMutableNotificationContent()
    let aps = payload["aps"]
    content.title = aps?["alert"]?["title"]?.stringValue ?? ""
    content.subtitle = aps?["alert"]?["subtitle"]?.stringValue ?? ""
    content.body = aps?["alert"]?["body"]?.stringValue ?? ""
    content.userInfo = payload.foundationObject as? [AnyHashable: Any] ?? [:]
    return UNNotificationRequest(identifier: identifier, content: content, trigger: nil)
}
