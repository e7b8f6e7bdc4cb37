// What the screens show: the notification permission, the device token, the conversations and
// the unread count. Combine and UIKit: not compiled by Herald's tests (no Apple SDK where
// Herald is built); UNVERIFIED beyond Apple's documentation. The list's rules are in
// Inbox.swift, which the tests compile.
//
// Apple documentation followed:
//   - ObservableObject https://developer.apple.com/documentation/combine/observableobject
//   - Asking permission to use notifications
//     https://developer.apple.com/documentation/usernotifications/asking-permission-to-use-notifications
//   - requestAuthorization(options:), notificationSettings()
//     https://developer.apple.com/documentation/usernotifications/unusernotificationcenter
//   - registerForRemoteNotifications()
//     https://developer.apple.com/documentation/uikit/uiapplication/registerforremotenotifications()
//   - containerURL(forSecurityApplicationGroupIdentifier:)
//     https://developer.apple.com/documentation/foundation/filemanager/containerurl(forsecurityapplicationgroupidentifier:)
//   - builtInPlugInsURL https://developer.apple.com/documentation/foundation/bundle/builtinpluginsurl

import Combine
import HeraldApp
import UIKit

final class ChatModel: ObservableObject {
    enum Permission: Equatable {
        case unknown, notAsked, allowed, denied
    }

    @Published private(set) var permission = Permission.unknown
    /// The device token in hex, once iOS gave one.
    @Published private(set) var deviceToken: String?
    @Published private(set) var inbox = Inbox()
    /// The last thing that went wrong, for the screen.
    @Published var problem: String?

    /// The unread count Herald's extension adds to, in the App Group the two share.
    private let badge: UnreadBadge?

    init() {
        do {
            badge = try UnreadBadge(appGroupContainer: try Self.appGroupContainer())
        } catch {
            badge = nil
            problem = "No unread count: \(error)"
        }
    }

    /// Reads the permission; when notifications are allowed, registers for remote notifications
    /// (Apple: at every launch, since the token may change) and brings the delivered
    /// notifications into the list.
    func refresh() async {
        let status = await UNUserNotificationCenter.current().notificationSettings().authorizationStatus
        switch status {
        case .notDetermined: permission = .notAsked
        case .denied: permission = .denied
        // .authorized, .provisional, .ephemeral: alerts may be shown.
        default: permission = .allowed
        }
        guard permission == .allowed else { return }
        UIApplication.shared.registerForRemoteNotifications()
        for message in await ReceivedMessage.delivered() {
            inbox.receive(message)
        }
    }

    /// Asks for alerts, sounds and badges; iOS asks the user once and answers from then on.
    func requestPermission() async {
        do {
            _ = try await UNUserNotificationCenter.current().requestAuthorization(options: [.alert, .sound, .badge])
        } catch {
            problem = "Asking for notifications failed: \(error.localizedDescription)"
        }
        await refresh()
    }

    func registered(deviceToken: Data) {
        let token = DeskCommand.hex(deviceToken)
        self.deviceToken = token
        // Also in Xcode's console, for copying on the Mac.
        print("Send a push to this device, from the root of your Herald checkout:\n" + DeskCommand(deviceToken: token, topic: Bundle.main.bundleIdentifier ?? "").text)
    }

    func registrationFailed(_ error: any Error) {
        // In the Simulator, a Mac without Apple silicon or a T2 chip gets no token.
        problem = "No device token: \(error.localizedDescription)"
    }

    /// A notification shown while the app is open.
    func received(_ message: ReceivedMessage) {
        inbox.receive(message)
    }

    /// A Reply or Mark as Read on a notification. A response may launch the app in the
    /// background, with an empty list: the delivered notifications are read first.
    func handle(_ response: MessageResponse) async {
        for message in await ReceivedMessage.delivered() {
            inbox.receive(message)
        }
        await finishReading(inbox.apply(response))
    }

    func markRead(_ conversationID: String) async {
        await finishReading(inbox.markRead(conversationID))
    }

    func send(_ text: String, in conversationID: String) async {
        await finishReading(inbox.send(text, in: conversationID))
    }

    private func finishReading(_ read: [String]) async {
        guard !read.isEmpty, let badge else { return }
        do {
            try await Inbox.finishReading(read, stillUnread: inbox.unreadCount, badge: badge)
        } catch {
            problem = "The unread count was not updated: \(error)"
        }
    }

    /// The container of the App Group the extension's `Herald.AppGroup` names, read from the
    /// extension's own Info.plist inside the app, so that the group is written once in the
    /// project's property lists (the entitlements and that key), where `herald doctor` checks it.
    private static func appGroupContainer() throws -> URL {
        struct Missing: Error, CustomStringConvertible { var description: String }
        guard let plugIns = Bundle.main.builtInPlugInsURL,
            let settings = Bundle(url: plugIns.appendingPathComponent("NotificationService.appex"))?.object(forInfoDictionaryKey: "Herald") as? [String: Any],
            let group = settings["AppGroup"] as? String
        else { throw Missing(description: "NotificationService.appex has no Herald.AppGroup") }
        guard let container = FileManager.default.containerURL(forSecurityApplicationGroupIdentifier: group) else {
            throw Missing(description: "no container for \(group): is it in the app's App Groups capability?")
        }
        return container
    }
}
