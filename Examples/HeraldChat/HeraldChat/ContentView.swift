// The main screen: notifications (permission, device token, the command that sends a push to
// this device) and the conversation list. SwiftUI and UIKit: not compiled by Herald's tests
// (no Apple SDK where Herald is built); UNVERIFIED beyond Apple's documentation.
//
// Apple documentation followed:
//   - NavigationStack (iOS 16) https://developer.apple.com/documentation/swiftui/navigationstack
//   - navigationDestination(for:destination:)
//     https://developer.apple.com/documentation/swiftui/view/navigationdestination(for:destination:)
//   - ScenePhase https://developer.apple.com/documentation/swiftui/scenephase
//   - textSelection(_:) https://developer.apple.com/documentation/swiftui/view/textselection(_:)
//   - UIPasteboard.general https://developer.apple.com/documentation/uikit/uipasteboard/general
//   - badge(_:) on a list row https://developer.apple.com/documentation/swiftui/view/badge(_:)-84e43

import SwiftUI
import UIKit

struct ContentView: View {
    @EnvironmentObject private var chat: ChatModel
    @Environment(\.scenePhase) private var scenePhase
    @State private var payload = DeskCommand.payloads[0]

    var body: some View {
        NavigationStack {
            List {
                Section("Notifications") {
                    notifications
                }
                Section("Conversations") {
                    if chat.inbox.conversations.isEmpty {
                        Text("Messages sent to this device appear here.")
                            .foregroundStyle(.secondary)
                    }
                    ForEach(chat.inbox.conversations) { conversation in
                        NavigationLink(value: conversation.id) {
                            VStack(alignment: .leading) {
                                Text(conversation.title).font(.headline)
                                Text(conversation.messages.last?.text ?? "").foregroundStyle(.secondary).lineLimit(1)
                            }
                        }
                        .badge(conversation.unreadCount)
                    }
                }
            }
            .navigationTitle("HeraldChat")
            .navigationDestination(for: String.self) { id in
                ConversationView(conversationID: id)
            }
        }
        .task(id: scenePhase) {
            // At launch and each time the app comes back: the permission may have changed in
            // Settings, and notifications may have arrived.
            if scenePhase == .active { await chat.refresh() }
        }
    }

    @ViewBuilder private var notifications: some View {
        switch chat.permission {
        case .unknown:
            ProgressView()
        case .notAsked:
            Button("Allow notifications") {
                Task { await chat.requestPermission() }
            }
        case .denied:
            Text("Notifications are off for HeraldChat: turn them on in Settings › Notifications › HeraldChat.")
        case .allowed:
            if let token = chat.deviceToken {
                let command = DeskCommand(deviceToken: token, topic: Bundle.main.bundleIdentifier ?? "", payload: payload)
                Picker("Payload", selection: $payload) {
                    ForEach(DeskCommand.payloads, id: \.self) { Text($0) }
                }
                Text(command.text)
                    .font(.system(.footnote, design: .monospaced))
                    .textSelection(.enabled)
                Button("Copy the command") {
                    UIPasteboard.general.string = command.text
                }
                Text("Run it from the root of your Herald checkout, with your APNs key, key id and team id.")
                    .font(.footnote)
                    .foregroundStyle(.secondary)
            } else {
                Text("Waiting for a device token…")
            }
        }
        if let problem = chat.problem {
            Text(problem).foregroundStyle(.red)
        }
    }
}
