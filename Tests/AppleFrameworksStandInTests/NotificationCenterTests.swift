import AppleFrameworksStandIn
import Foundation
import HeraldTestSupport
import Synchronization
import Testing

// The stand-in's model of the app's notification center (StandInRecorder+NotificationCenter.swift):
// what it lists, how removals take effect, what `add`, categories and the badge record, and which
// center `current()` is.

@Suite("Notification center")
struct NotificationCenterTests {
    static func request(_ identifier: String, body: String = "") -> UNNotificationRequest {
        let content = UNMutableNotificationContent()
        content.body = body
        return UNNotificationRequest(identifier: identifier, content: content, trigger: nil)
    }

    /// The identifiers a read of `center` answers, through the completion handler, which must
    /// have run by the time the call returns (the stand-in's model).
    static func readIdentifiers(_ center: UNUserNotificationCenter) -> [String]? {
        let answer = Mutex<[String]?>(nil)
        center.getDeliveredNotifications { notifications in
            let identifiers = notifications.map(\.request.identifier)
            answer.withLock { $0 = identifiers }
        }
        return answer.withLock { $0 }
    }

    @Test("current() is one center per recorder: the same inside a binding, another in another binding")
    func currentPerRecorder() {
        let first = StandInRecorder()
        let second = StandInRecorder()
        let (a1, a2) = StandInRecorder.$current.withValue(first) {
            (UNUserNotificationCenter.current(), UNUserNotificationCenter.current())
        }
        let b = StandInRecorder.$current.withValue(second) { UNUserNotificationCenter.current() }
        #expect(a1 === a2)
        #expect(a1 === first.notificationCenter)
        #expect(a1 !== b)
        #expect(b === second.notificationCenter)

        // The delegate belongs to the instance, and is held weakly.
        var delegate: EmptyDelegate? = EmptyDelegate()
        a1.delegate = delegate
        #expect(StandInRecorder.$current.withValue(first) { UNUserNotificationCenter.current().delegate } === delegate)
        #expect(b.delegate == nil)
        delegate = nil
        #expect(a1.delegate == nil)
    }

    @Test("Delivered notifications are listed in delivery order, with their dates")
    func deliveredInOrder() {
        let recorder = StandInRecorder()
        let early = Date(timeIntervalSince1970: 1_000)
        recorder.deliver(Self.request("m1"), date: early)
        recorder.deliver(Self.request("m2"), date: early.addingTimeInterval(60))
        recorder.deliver(Self.request("m3"), date: early.addingTimeInterval(120))
        let center = recorder.notificationCenter
        #expect(Self.readIdentifiers(center) == ["m1", "m2", "m3"])
        #expect(recorder.deliveredNotifications.map(\.date) == [early, early.addingTimeInterval(60), early.addingTimeInterval(120)])
    }

    @Test("A delivery with a listed identifier replaces that notification in place")
    func sameIdentifierReplacesInPlace() throws {
        let recorder = StandInRecorder()
        recorder.deliver(Self.request("m1", body: "first"), date: Date(timeIntervalSince1970: 1))
        recorder.deliver(Self.request("m2"), date: Date(timeIntervalSince1970: 2))
        recorder.deliver(Self.request("m1", body: "edited"), date: Date(timeIntervalSince1970: 3))
        let delivered = recorder.deliveredNotifications
        #expect(delivered.map(\.request.identifier) == ["m1", "m2"])
        let replaced = try #require(delivered.first)
        #expect(replaced.request.content.body == "edited")
        #expect(replaced.date == Date(timeIntervalSince1970: 3))
    }

    @Test("add records the request and delivers it at once; its handler runs before add returns")
    func addDelivers() async throws {
        let recorder = StandInRecorder()
        let center = recorder.notificationCenter
        let first = Self.request("local-1")
        let handled = Mutex(false)
        center.add(first) { error in handled.withLock { $0 = error == nil } }
        #expect(handled.withLock { $0 })
        try await center.add(Self.request("local-2"))
        #expect(recorder.addedRequests.map(\.identifier) == ["local-1", "local-2"])
        #expect(recorder.addedRequests.first === first)
        #expect(await center.deliveredNotifications().map(\.request.identifier) == ["local-1", "local-2"])
    }

    @Test("By default a removal takes effect at once, for the identifiers named; removeAll clears the list")
    func removalAtOnce() {
        let recorder = StandInRecorder()
        let center = recorder.notificationCenter
        for identifier in ["m1", "m2", "m3"] { recorder.deliver(Self.request(identifier)) }
        center.removeDeliveredNotifications(withIdentifiers: ["m2", "unknown"])
        #expect(Self.readIdentifiers(center) == ["m1", "m3"])
        #expect(recorder.removals == [["m2", "unknown"]])
        #expect(recorder.pendingRemovalCount == 0)
        center.removeAllDeliveredNotifications()
        #expect(Self.readIdentifiers(center) == [])
        #expect(recorder.removeAllCount == 1)
        #expect(recorder.removals == [["m2", "unknown"]])
    }

    @Test("afterReads(2): two later reads still list the removed notification, the third does not")
    func removalAfterReads() async {
        let recorder = StandInRecorder(behavior: StandInBehavior(removalTakesEffect: .afterReads(2)))
        let center = recorder.notificationCenter
        recorder.deliver(Self.request("m1"))
        recorder.deliver(Self.request("m2"))
        center.removeDeliveredNotifications(withIdentifiers: ["m1"])
        #expect(recorder.removals == [["m1"]])
        #expect(recorder.pendingRemovalCount == 1)
        // Reading the recorder is not a read of the center.
        #expect(recorder.deliveredNotifications.map(\.request.identifier) == ["m1", "m2"])
        #expect(Self.readIdentifiers(center) == ["m1", "m2"])
        #expect(await center.deliveredNotifications().map(\.request.identifier) == ["m1", "m2"])
        #expect(recorder.pendingRemovalCount == 0)
        #expect(Self.readIdentifiers(center) == ["m2"])
    }

    @Test("A removal does not remove what is delivered after it, nor change with a later behaviour")
    func removalAppliesToEarlierDeliveries() {
        let recorder = StandInRecorder(behavior: StandInBehavior(removalTakesEffect: .afterReads(1)))
        let center = recorder.notificationCenter
        recorder.deliver(Self.request("m1", body: "old"))
        center.removeAllDeliveredNotifications()
        recorder.behavior.removalTakesEffect = .atOnce
        recorder.deliver(Self.request("m1", body: "new"))
        recorder.deliver(Self.request("m2"))
        #expect(recorder.pendingRemovalCount == 1)
        #expect(Self.readIdentifiers(center) == ["m1", "m2"])
        #expect(recorder.deliveredNotifications.map(\.request.content.body) == ["new", ""])
        #expect(recorder.pendingRemovalCount == 0)
    }

    @Test("never: the removal is recorded, the notifications stay")
    func removalNever() {
        let recorder = StandInRecorder(behavior: StandInBehavior(removalTakesEffect: .never))
        let center = recorder.notificationCenter
        recorder.deliver(Self.request("m1"))
        center.removeDeliveredNotifications(withIdentifiers: ["m1"])
        center.removeAllDeliveredNotifications()
        for _ in 0..<3 { #expect(Self.readIdentifiers(center) == ["m1"]) }
        #expect(recorder.removals == [["m1"]])
        #expect(recorder.removeAllCount == 1)
        #expect(recorder.pendingRemovalCount == 0)
    }

    @Test("Categories: the set last registered, with how many times they were set")
    func categories() async {
        let recorder = StandInRecorder()
        let center = recorder.notificationCenter
        #expect(await center.notificationCategories().isEmpty)
        let reply = UNTextInputNotificationAction(
            identifier: "reply", title: "Reply", textInputButtonTitle: "Send", textInputPlaceholder: "Message")
        let message = UNNotificationCategory(identifier: "message", actions: [reply], intentIdentifiers: [])
        let call = UNNotificationCategory(identifier: "call", actions: [], intentIdentifiers: [], options: [.customDismissAction])
        center.setNotificationCategories([message])
        center.setNotificationCategories([message, call])
        #expect(recorder.categories == [message, call])
        #expect(recorder.categorySetCount == 2)
        let answered = Mutex<[String]>([])
        center.getNotificationCategories { categories in
            let identifiers = categories.map(\.identifier).sorted()
            answered.withLock { $0 = identifiers }
        }
        #expect(answered.withLock { $0 } == ["call", "message"])
        let fetched = await center.notificationCategories()
        #expect(fetched.first { $0.identifier == "message" }?.actions.first === reply)
    }

    @Test("Actions keep what they were made with, icons included")
    func actionsKeepTheirValues() throws {
        let icon = UNNotificationActionIcon(systemImageName: "trash")
        let delete = UNNotificationAction(identifier: "delete", title: "Delete", options: [.destructive], icon: icon)
        #expect(delete.identifier == "delete")
        #expect(delete.title == "Delete")
        #expect(delete.options == [.destructive])
        #expect(delete.icon === icon)
        #expect(StandInInspection.icon(icon) == .system("trash"))
        #expect(StandInInspection.icon(UNNotificationActionIcon(templateImageName: "reply")) == .template("reply"))
        let reply = UNTextInputNotificationAction(
            identifier: "reply", title: "Reply", options: [.authenticationRequired], icon: nil, textInputButtonTitle: "Send",
            textInputPlaceholder: "Message")
        #expect(reply.icon == nil)
        #expect(reply.options == [.authenticationRequired])
        #expect(reply.textInputButtonTitle == "Send")
        #expect(reply.textInputPlaceholder == "Message")
        let category = UNNotificationCategory(
            identifier: "message", actions: [reply, delete], intentIdentifiers: ["INSendMessageIntent"],
            options: [.customDismissAction, .hiddenPreviewsShowTitle])
        #expect(category.identifier == "message")
        #expect(category.actions.map(\.identifier) == ["reply", "delete"])
        #expect(category.intentIdentifiers == ["INSendMessageIntent"])
        #expect(category.options == [.customDismissAction, .hiddenPreviewsShowTitle])
    }

    @Test("Badge: nil until set, then the count last set, every call kept")
    func badge() async throws {
        let recorder = StandInRecorder()
        let center = recorder.notificationCenter
        #expect(recorder.badgeCount == nil)
        let handled = Mutex(false)
        center.setBadgeCount(3) { error in handled.withLock { $0 = error == nil } }
        #expect(handled.withLock { $0 })
        try await center.setBadgeCount(0)
        #expect(recorder.badgeCount == 0)
        #expect(recorder.badgeCounts == [3, 0])
    }

    @Test("A center keeps its recorder under another binding; reset forgets the state, not the center")
    func centerKeepsItsRecorder() {
        let recorder = StandInRecorder()
        let other = StandInRecorder()
        let center = StandInRecorder.$current.withValue(recorder) { UNUserNotificationCenter.current() }
        let delegate = EmptyDelegate()
        center.delegate = delegate
        StandInRecorder.$current.withValue(other) {
            #expect(UNUserNotificationCenter.current() !== center)
            center.removeAllDeliveredNotifications()
        }
        #expect(recorder.removeAllCount == 1)
        #expect(other.removeAllCount == 0)
        recorder.deliver(Self.request("m1"))
        recorder.reset()
        #expect(recorder.deliveredNotifications.isEmpty)
        #expect(recorder.removeAllCount == 0)
        #expect(recorder.notificationCenter === center)
        #expect(center.delegate === delegate)
    }
}

@Suite("Responses and the delegate")
struct NotificationResponseTests {
    @Test("Tests can make the notifications and responses only iOS makes")
    func responsesForTests() {
        let request = NotificationCenterTests.request("m1")
        let date = Date(timeIntervalSince1970: 42)
        let notification = StandInNotifications.makeNotification(for: request, date: date)
        #expect(notification.request === request)
        #expect(notification.date == date)
        let opened = StandInNotifications.makeResponse(to: notification, actionIdentifier: UNNotificationDefaultActionIdentifier)
        #expect(opened.notification === notification)
        #expect(opened.actionIdentifier == "com.apple.UNNotificationDefaultActionIdentifier")
        #expect(!(opened is UNTextInputNotificationResponse))
        let replied = StandInNotifications.makeTextInputResponse(to: notification, actionIdentifier: "reply", userText: "On my way")
        #expect(replied.actionIdentifier == "reply")
        #expect(replied.userText == "On my way")
        #expect(UNNotificationDismissActionIdentifier == "com.apple.UNNotificationDismissActionIdentifier")
        // Nothing made here is delivered.
        #expect(StandInRecorder.shared.deliveredNotifications.allSatisfy { $0 !== notification })
    }

    /// Implements only the completion-handler forms, as most apps do.
    final class CompletionOnlyDelegate: NSObject, UNUserNotificationCenterDelegate {
        let responses = Mutex<[String]>([])

        func userNotificationCenter(
            _ center: UNUserNotificationCenter, willPresent notification: UNNotification,
            withCompletionHandler completionHandler: @escaping @Sendable (UNNotificationPresentationOptions) -> Void
        ) {
            completionHandler([.banner, .sound])
        }

        func userNotificationCenter(
            _ center: UNUserNotificationCenter, didReceive response: UNNotificationResponse,
            withCompletionHandler completionHandler: @escaping @Sendable () -> Void
        ) {
            let identifier = response.actionIdentifier
            responses.withLock { $0.append(identifier) }
            completionHandler()
        }
    }

    @Test("The async forms reach the completion forms an adopter wrote; missing methods act as on iOS")
    func delegateDefaults() async {
        let recorder = StandInRecorder()
        let center = recorder.notificationCenter
        let notification = StandInNotifications.makeNotification(for: NotificationCenterTests.request("m1"))
        let response = StandInNotifications.makeResponse(to: notification, actionIdentifier: "mark-read")

        let written = CompletionOnlyDelegate()
        #expect(await written.userNotificationCenter(center, willPresent: notification) == [.banner, .sound])
        await written.userNotificationCenter(center, didReceive: response)
        #expect(written.responses.withLock { $0 } == ["mark-read"])

        let empty = EmptyDelegate()
        #expect(await empty.userNotificationCenter(center, willPresent: notification) == [])
        let presented = Mutex<UNNotificationPresentationOptions?>(nil)
        empty.userNotificationCenter(center, willPresent: notification) { options in presented.withLock { $0 = options } }
        #expect(presented.withLock { $0 } == [])
    }
}
