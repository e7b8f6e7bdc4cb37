// One conversation: its messages and a reply field. Opening it reads it. SwiftUI: not
// compiled by Herald's tests (no Apple SDK where Herald is built); UNVERIFIED beyond Apple's
// documentation.
//
// Apple documentation followed:
//   - List https://developer.apple.com/documentation/swiftui/list
//   - TextField https://developer.apple.com/documentation/swiftui/textfield
//   - onSubmit(of:_:) https://developer.apple.com/documentation/swiftui/view/onsubmit(of:_:)
//   - task(priority:_:) https://developer.apple.com/documentation/swiftui/view/task(priority:_:)

import SwiftUI

struct ConversationView: View {
    let conversationID: String
    @EnvironmentObject private var chat: ChatModel
    @State private var draft = ""

    private var conversation: Conversation? {
        chat.inbox.conversations.first { $0.id == conversationID }
    }

    var body: some View {
        List(conversation?.messages ?? []) { message in
            VStack(alignment: message.sender == nil ? .trailing : .leading) {
                if let sender = message.sender {
                    Text(sender).font(.caption).foregroundStyle(.secondary)
                }
                Text(message.text)
            }
            .frame(maxWidth: .infinity, alignment: message.sender == nil ? .trailing : .leading)
        }
        .safeAreaInset(edge: .bottom) {
            TextField("Message", text: $draft)
                .textFieldStyle(.roundedBorder)
                .padding()
                .background(.bar)
                .onSubmit {
                    guard !draft.isEmpty else { return }
                    let text = draft
                    draft = ""
                    // HeraldChat has no server: the reply stays on this phone.
                    Task { await chat.send(text, in: conversationID) }
                }
        }
        .navigationTitle(conversation?.title ?? "")
        .task {
            await chat.markRead(conversationID)
        }
    }
}
