// Only where AppleFrameworksStandIn exists (Linux): the stand-in plays iOS. The targets under
// Tests/OneImport, which import only HeraldNotificationService or HeraldApp, are the proof that
// one import is enough; these tests check that what they wrote works as written.
#if canImport(AppleFrameworksStandIn)
import HeraldNotificationService
import NotificationServiceTestSupport
import Testing

@testable import OneImportApp
@testable import OneImportExtension

@Suite("One import")
struct OneImportTests {
    /// The extension's own key store, fallback text, forward hook and log are the ones used.
    @Test func anExtensionWithOnlyTheOneImportRunsEveryHookItOverrides() async throws {
        let key = SymmetricKey(size: .bits256)
        let sealed = try SealedContent.seal(["body": "the gate code is 1234"], keyID: "k1", using: key)
        let payload: JSONValue = ["aps": ["alert": ["body": "New message"], "mutable-content": 1], "sealed": sealed.json]

        let opened = OneImportExtension.NotificationService(keys: ["k1": key])
        let delivered = await opened.deliveries(for: payload)
        #expect(delivered.map(\.body) == ["the gate code is 1234"])
        #expect(delivered.map(\.threadIdentifier) == [Journal.forwardedThread])
        #expect(opened.journal.hooks == ["didReceive", "makeFetcher", "makeKeyProvider", "forward"])
        #expect(opened.journal.watchedDecisions.map(\.code) == [.layoutChosen])

        // Without the key: the fallback text its configuration sets, and the failure logged at `error`.
        let locked = OneImportExtension.NotificationService()
        let fallback = await locked.deliveries(for: payload)
        #expect(fallback.map(\.body) == [KeyStore.fallbackText])
        let failure = try #require(locked.journal.watchedDecisions.first { $0.code == .decryptionFailed })
        #expect(failure.level == .error)
    }

    /// The app's categories, contact map and unread count, written with `import HeraldApp` alone.
    @MainActor @Test func anAppWithOnlyTheOneImportRegistersItsCategoriesAndKeepsItsFiles() async throws {
        let container = FileManager.default.temporaryDirectory.appendingPathComponent("herald-one-import-\(UUID().uuidString)", isDirectory: true)
        defer { try? FileManager.default.removeItem(at: container) }  // a leftover temp folder is harmless
        let chat = try ChatNotifications(container: container) { _ in }

        #expect(Set(chat.categories.map(\.identifier)) == [MessageCategory.identifier, "chat"])
        #expect(chat.categories.allSatisfy { $0.actions.map(\.title) == ["Answer", "Read"] })
        #expect(chat.remember(["user-42": "contact-7"]) == nil)
        #expect(try chat.contacts.contactIdentifier(for: Handle(value: "user-42", kind: .app)) == "contact-7")
        #expect(chat.remember(["user-42": "contact\twith a tab"]) != nil)
        #expect(try chat.unread().get() == 0)
        #expect(ChatNotifications.summary(of: .reply("on my way")) == "reply: on my way")
    }
}
#endif
