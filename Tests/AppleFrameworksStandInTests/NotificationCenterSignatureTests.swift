import AppleFrameworksStandIn
import Foundation
import Testing

// The notification center, categories, actions and responses, referenced with the exact labels,
// types and optionality of Apple's declarations, as SignatureConformanceTests.swift does for the
// rest: if a label, a type or an optional drifts, this file stops compiling. A typed reference
// accepts a method whose handler is not `@Sendable` where the annotation says `@Sendable`, so the
// handlers' sendability is pinned both ways by the runtime's spelling of each method's type.

/// A delegate with Apple's four requirements, in their exact signatures.
final class SignatureDelegate: NSObject, UNUserNotificationCenterDelegate {
    func userNotificationCenter(
        _ center: UNUserNotificationCenter, willPresent notification: UNNotification,
        withCompletionHandler completionHandler: @escaping @Sendable (UNNotificationPresentationOptions) -> Void
    ) {
        completionHandler([.banner, .list])
    }

    func userNotificationCenter(_ center: UNUserNotificationCenter, willPresent notification: UNNotification) async
        -> UNNotificationPresentationOptions
    {
        [.sound]
    }

    func userNotificationCenter(
        _ center: UNUserNotificationCenter, didReceive response: UNNotificationResponse,
        withCompletionHandler completionHandler: @escaping @Sendable () -> Void
    ) {
        completionHandler()
    }

    func userNotificationCenter(_ center: UNUserNotificationCenter, didReceive response: UNNotificationResponse) async {}
}

/// A delegate that implements none: every requirement is optional, as in Objective-C.
final class EmptyDelegate: NSObject, UNUserNotificationCenterDelegate {}

/// The runtime's spelling of a value's type, which includes `@Sendable` on function types.
func spelling(_ value: Any) -> String {
    String(describing: type(of: value))
}

@Suite("Signature conformance: notification center")
struct NotificationCenterSignatureTests {
    @Test("UNUserNotificationCenter: current, delegate, delivered notifications, requests, categories, badge")
    func center() async throws {
        try await StandInRecorder.$current.withValue(StandInRecorder()) {
            let current: () -> UNUserNotificationCenter = UNUserNotificationCenter.current
            let center = current()
            let _: NSObject = center
            let delegateProperty = property(
                "delegate", \UNUserNotificationCenter.delegate, (any UNUserNotificationCenterDelegate)?.self)
            #expect(delegateProperty.isWritable)

            let getDelivered: (UNUserNotificationCenter) -> (@escaping @Sendable ([UNNotification]) -> Void) -> Void =
                UNUserNotificationCenter.getDeliveredNotifications(completionHandler:)
            let deliveredAsync: (UNUserNotificationCenter) -> () async -> [UNNotification] =
                UNUserNotificationCenter.deliveredNotifications
            let remove: (UNUserNotificationCenter) -> ([String]) -> Void =
                UNUserNotificationCenter.removeDeliveredNotifications(withIdentifiers:)
            let removeAll: (UNUserNotificationCenter) -> () -> Void = UNUserNotificationCenter.removeAllDeliveredNotifications
            let add: (UNUserNotificationCenter) -> (UNNotificationRequest, (@Sendable ((any Error)?) -> Void)?) -> Void =
                UNUserNotificationCenter.add(_:withCompletionHandler:)
            let addAsync: (UNUserNotificationCenter) -> (UNNotificationRequest) async throws -> Void =
                UNUserNotificationCenter.add(_:)
            let setCategories: (UNUserNotificationCenter) -> (Set<UNNotificationCategory>) -> Void =
                UNUserNotificationCenter.setNotificationCategories(_:)
            let getCategories:
                (UNUserNotificationCenter) -> (@escaping @Sendable (Set<UNNotificationCategory>) -> Void) -> Void =
                    UNUserNotificationCenter.getNotificationCategories(completionHandler:)
            let categoriesAsync: (UNUserNotificationCenter) -> () async -> Set<UNNotificationCategory> =
                UNUserNotificationCenter.notificationCategories
            let setBadge: (UNUserNotificationCenter) -> (Int, (@Sendable ((any Error)?) -> Void)?) -> Void =
                UNUserNotificationCenter.setBadgeCount(_:withCompletionHandler:)
            let setBadgeAsync: (UNUserNotificationCenter) -> (Int) async throws -> Void = UNUserNotificationCenter.setBadgeCount(_:)

            // Handlers are `@Sendable` exactly where the current SDK's are.
            #expect(
                spelling(UNUserNotificationCenter.getDeliveredNotifications(completionHandler:))
                    == "@Sendable (UNUserNotificationCenter) -> (@Sendable (Array<UNNotification>) -> ()) -> ()")
            #expect(
                spelling(UNUserNotificationCenter.add(_:withCompletionHandler:))
                    == "@Sendable (UNUserNotificationCenter) -> (UNNotificationRequest, Optional<@Sendable (Optional<Error>) -> ()>) -> ()")
            #expect(
                spelling(UNUserNotificationCenter.getNotificationCategories(completionHandler:))
                    == "@Sendable (UNUserNotificationCenter) -> (@Sendable (Set<UNNotificationCategory>) -> ()) -> ()")
            #expect(
                spelling(UNUserNotificationCenter.setBadgeCount(_:withCompletionHandler:))
                    == "@Sendable (UNUserNotificationCenter) -> (Int, Optional<@Sendable (Optional<Error>) -> ()>) -> ()")

            let request = UNNotificationRequest(identifier: "m1", content: UNMutableNotificationContent(), trigger: nil)
            add(center)(request, nil)
            try await addAsync(center)(request)
            getDelivered(center)({ _ in })
            let _: [UNNotification] = await deliveredAsync(center)()
            remove(center)(["m1"])
            removeAll(center)()
            setCategories(center)([])
            getCategories(center)({ _ in })
            let _: Set<UNNotificationCategory> = await categoriesAsync(center)()
            setBadge(center)(0, nil)
            try await setBadgeAsync(center)(0)

            // The defaulted handlers: a synchronous call may leave them out, as against the SDK.
            addWithoutHandler(center, request)
            setBadgeWithoutHandler(center, 1)
        }
    }

    @Test("UNNotification and responses: read-only properties, no public initializers")
    func notificationsAndResponses() {
        let notificationProperties = [
            property("date", \UNNotification.date, Date.self),
            property("request", \UNNotification.request, UNNotificationRequest.self),
        ]
        #expect(notificationProperties.filter(\.isWritable).map(\.name) == [])
        let responseProperties = [
            property("notification", \UNNotificationResponse.notification, UNNotification.self),
            property("actionIdentifier", \UNNotificationResponse.actionIdentifier, String.self),
            property("userText", \UNTextInputNotificationResponse.userText, String.self),
        ]
        #expect(responseProperties.filter(\.isWritable).map(\.name) == [])
        let _: String = UNNotificationDefaultActionIdentifier
        let _: String = UNNotificationDismissActionIdentifier

        let request = UNNotificationRequest(identifier: "m1", content: UNMutableNotificationContent(), trigger: nil)
        let notification = StandInNotifications.makeNotification(for: request)
        let _: any NSCopying = notification
        let response: UNNotificationResponse = StandInNotifications.makeTextInputResponse(
            to: notification, actionIdentifier: "reply", userText: "On my way")
        let _: any NSCopying = response
        #expect(response is UNTextInputNotificationResponse)
    }

    @Test("Categories, actions, icons and their options")
    func categoriesAndActions() {
        let makeAction: (String, String, UNNotificationActionOptions) -> UNNotificationAction =
            UNNotificationAction.init(identifier:title:options:)
        let makeActionWithIcon: (String, String, UNNotificationActionOptions, UNNotificationActionIcon?) -> UNNotificationAction =
            UNNotificationAction.init(identifier:title:options:icon:)
        let makeTextInput: (String, String, UNNotificationActionOptions, String, String) -> UNTextInputNotificationAction =
            UNTextInputNotificationAction.init(identifier:title:options:textInputButtonTitle:textInputPlaceholder:)
        let makeTextInputWithIcon:
            (String, String, UNNotificationActionOptions, UNNotificationActionIcon?, String, String)
                -> UNTextInputNotificationAction = UNTextInputNotificationAction.init(
                    identifier:title:options:icon:textInputButtonTitle:textInputPlaceholder:)
        let makeCategory: (String, [UNNotificationAction], [String], UNNotificationCategoryOptions) -> UNNotificationCategory =
            UNNotificationCategory.init(identifier:actions:intentIdentifiers:options:)
        let _: (String) -> UNNotificationActionIcon = UNNotificationActionIcon.init(systemImageName:)
        let _: (String) -> UNNotificationActionIcon = UNNotificationActionIcon.init(templateImageName:)

        // `options` defaults to `[]`, as Swift imports Apple's option-set parameters.
        let open = UNNotificationAction(identifier: "open", title: "Open")
        let reply = UNTextInputNotificationAction(
            identifier: "reply", title: "Reply", textInputButtonTitle: "Send", textInputPlaceholder: "Message")
        let category = UNNotificationCategory(identifier: "message", actions: [open, reply], intentIdentifiers: [])
        #expect(open.options == [])
        #expect(category.options == [])
        let _: UNNotificationAction = makeAction("a", "A", [.foreground])
        let _: UNNotificationAction = makeActionWithIcon("a", "A", [], UNNotificationActionIcon(systemImageName: "star"))
        let _: UNNotificationAction = makeTextInput("r", "R", [], "Send", "")
        let _: UNNotificationAction = makeTextInputWithIcon("r", "R", [], nil, "Send", "")
        let _: any NSCopying = makeCategory("c", [], [], [.customDismissAction])
        let _: any NSCopying = open
        let _: any NSCopying = UNNotificationActionIcon(templateImageName: "reply")
        let _: any Hashable = category

        let actionProperties = [
            property("identifier", \UNNotificationAction.identifier, String.self),
            property("title", \UNNotificationAction.title, String.self),
            property("options", \UNNotificationAction.options, UNNotificationActionOptions.self),
            property("icon", \UNNotificationAction.icon, UNNotificationActionIcon?.self),
            property("textInputButtonTitle", \UNTextInputNotificationAction.textInputButtonTitle, String.self),
            property("textInputPlaceholder", \UNTextInputNotificationAction.textInputPlaceholder, String.self),
        ]
        #expect(actionProperties.filter(\.isWritable).map(\.name) == [])
        let categoryProperties = [
            property("identifier", \UNNotificationCategory.identifier, String.self),
            property("actions", \UNNotificationCategory.actions, [UNNotificationAction].self),
            property("intentIdentifiers", \UNNotificationCategory.intentIdentifiers, [String].self),
            property("options", \UNNotificationCategory.options, UNNotificationCategoryOptions.self),
        ]
        #expect(categoryProperties.filter(\.isWritable).map(\.name) == [])

        // The option sets: UInt raw values, Apple's bits, Sendable.
        let _: any OptionSet & Sendable = UNNotificationCategoryOptions.allowInCarPlay
        let _: any OptionSet & Sendable = UNNotificationActionOptions.destructive
        let _: any OptionSet & Sendable = UNNotificationPresentationOptions.banner
        let categoryOptions: [UNNotificationCategoryOptions] = [
            .customDismissAction, .allowInCarPlay, .hiddenPreviewsShowTitle, .hiddenPreviewsShowSubtitle, .allowAnnouncement,
        ]
        #expect(categoryOptions.map(\.rawValue) == [1, 2, 4, 8, 16])
        let actionOptions: [UNNotificationActionOptions] = [.authenticationRequired, .destructive, .foreground]
        #expect(actionOptions.map(\.rawValue) == [1, 2, 4])
        let presentationOptions: [UNNotificationPresentationOptions] = [.badge, .sound, .alert, .list, .banner]
        #expect(presentationOptions.map(\.rawValue) == [1, 2, 4, 8, 16])
        let _: (UInt) -> UNNotificationPresentationOptions = UNNotificationPresentationOptions.init(rawValue:)
        let _: (UInt) -> UNNotificationCategoryOptions = UNNotificationCategoryOptions.init(rawValue:)
        let _: (UInt) -> UNNotificationActionOptions = UNNotificationActionOptions.init(rawValue:)
    }

    @Test("UNUserNotificationCenterDelegate: four optional requirements, completion handlers @Sendable")
    func delegate() async {
        let full: any UNUserNotificationCenterDelegate = SignatureDelegate()
        let empty: any UNUserNotificationCenterDelegate = EmptyDelegate()
        let _: any NSObjectProtocol = empty
        #expect(
            spelling(SignatureDelegate.userNotificationCenter(_:willPresent:withCompletionHandler:))
                == "@Sendable (SignatureDelegate) -> (UNUserNotificationCenter, UNNotification, "
                + "@Sendable (UNNotificationPresentationOptions) -> ()) -> ()")
        #expect(
            spelling(SignatureDelegate.userNotificationCenter(_:didReceive:withCompletionHandler:))
                == "@Sendable (SignatureDelegate) -> (UNUserNotificationCenter, UNNotificationResponse, @Sendable () -> ()) -> ()")
        await StandInRecorder.$current.withValue(StandInRecorder()) {
            let center = UNUserNotificationCenter.current()
            let request = UNNotificationRequest(identifier: "m1", content: UNMutableNotificationContent(), trigger: nil)
            let notification = StandInNotifications.makeNotification(for: request)
            let response = StandInNotifications.makeResponse(to: notification, actionIdentifier: UNNotificationDefaultActionIdentifier)
            let presented: UNNotificationPresentationOptions = await full.userNotificationCenter(center, willPresent: notification)
            #expect(presented == [.sound])
            await full.userNotificationCenter(center, didReceive: response)
            await empty.userNotificationCenter(center, didReceive: response)
        }
    }
}

/// Sync contexts pick the completion-handler forms with their default `nil`, as against the SDK.
func addWithoutHandler(_ center: UNUserNotificationCenter, _ request: UNNotificationRequest) {
    center.add(request)
}

func setBadgeWithoutHandler(_ center: UNUserNotificationCenter, _ count: Int) {
    center.setBadgeCount(count)
}
