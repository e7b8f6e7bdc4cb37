import Foundation
import HeraldCore
import HeraldEnrichment
import Testing

/// The communication layout, decided once for the adapter and the preview: padding, the
/// recipient count iOS reads, and the group's picture.
@Suite("Communication layout")
struct CommunicationLayoutTests {
    static func notification(recipients: [String], group: String?, sender: Bool = true) -> EnrichedNotification {
        let message = Message(
            sender: sender ? Person(identifier: "u1", displayName: "Maya") : nil, conversationIdentifier: "c1", groupName: group,
            recipients: recipients)
        return EnrichedNotification(
            stage: .complete, layoutName: "herald", extensionWillRun: true, content: ContentFields(), message: message)
    }

    @Test func noSenderIsNoCommunicationLayout() {
        #expect(CommunicationLayout(Self.notification(recipients: [], group: "Team", sender: false), groupPadding: .both, images: [.sender]) == nil)
    }

    @Test(arguments: [
        // policy, payload recipients, intent recipients (placeholders), recipient count
        (GroupPadding.pad, 0, 2, 0), (.pad, 1, 2, 1), (.metadata, 0, 0, 2), (.metadata, 1, 1, 2),
        (.both, 0, 2, 2), (.both, 1, 2, 2), (.both, 3, 3, 3), (.pad, 2, 2, 2),
    ])
    func aGroupKeepsItsGroupLineAsThePolicySays(_ policy: GroupPadding, _ given: Int, _ intentRecipients: Int, _ count: Int) throws {
        let ids = (0..<given).map { "r\($0)" }
        let layout = try #require(CommunicationLayout(Self.notification(recipients: ids, group: "Team"), groupPadding: policy, images: []))
        #expect(layout.recipients.count == intentRecipients)
        #expect(layout.recipients.prefix(given).map(\.identifier) == ids)
        #expect(layout.recipients.dropFirst(given).allSatisfy { $0.isPlaceholder && $0.identifier.hasPrefix("herald.placeholder.") })
        #expect(Set(layout.recipients.map(\.identifier)).count == layout.recipients.count)
        #expect(layout.recipientCount == count)
        #expect(layout.decisions.contains { $0.code == .groupPadded } == (intentRecipients > given))
    }

    @Test func aDirectConversationIsNeverPadded() throws {
        let layout = try #require(CommunicationLayout(Self.notification(recipients: [], group: nil), groupPadding: .both, images: [.sender]))
        #expect(layout.recipients.isEmpty)
        #expect(layout.recipientCount == 0)
        #expect(layout.groupName == nil)
        #expect(layout.groupImage == nil)
        #expect(layout.decisions.map(\.code) == [.senderMatch])
    }

    @Test(arguments: [
        ([AvatarSlot.sender, .group], AvatarSlot?.some(.group), false), ([.group], .group, false),
        ([.sender], .sender, true), ([], nil, false),
    ])
    func aGroupShowsItsOwnPictureElseTheSenders(_ images: [AvatarSlot], _ expected: AvatarSlot?, _ saysSo: Bool) throws {
        let layout = try #require(CommunicationLayout(Self.notification(recipients: ["a", "b"], group: "Team"), groupPadding: .both, images: Set(images)))
        #expect(layout.groupImage == expected)
        #expect(layout.decisions.contains { $0.code == .groupImageFromSender } == saysSo)
    }

    @Test(arguments: [
        // handle, contact from the app's map, match, the decision's start
        (Handle?.some(Handle(value: "+15550100", kind: .phone)), String?.none, SenderMatch.phone, "phone handle:"),
        (Handle(value: "ann@example.com", kind: .email), nil, .email, "email handle:"),
        (Handle(value: "ann", kind: .app), nil, .appIDOnly, "app id only: Focus will not recognise this sender"),
        (nil, nil, .appIDOnly, "app id only: Focus will not recognise this sender"),
        (Handle(value: "+15550100", kind: .phone), "C-1", .contact(identifier: "C-1"), "matched contact:"),
        (nil, "C-2", .contact(identifier: "C-2"), "matched contact:"),
    ])
    func theSenderIsNamedByTheSurestMatch(_ handle: Handle?, _ contact: String?, _ expected: SenderMatch, _ says: String) throws {
        var notification = Self.notification(recipients: [], group: nil)
        notification.message.sender?.handle = handle
        notification.senderContactIdentifier = contact
        let layout = try #require(CommunicationLayout(notification, groupPadding: .both, images: []))
        #expect(layout.senderMatch == expected)
        let decision = try #require(layout.decisions.first { $0.code == .senderMatch })
        #expect(decision.message.hasPrefix(says))
        // The decision is logged on the phone: it names the kind of handle, never the handle.
        #expect(!decision.message.contains("555") && !decision.message.contains("C-"))
    }
}
