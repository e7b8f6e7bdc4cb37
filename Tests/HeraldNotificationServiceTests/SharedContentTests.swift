import Foundation
import Testing

@testable import HeraldNotificationService

@Suite("SharedContent")
struct SharedContentTests {
    @Test func mutableContentIsCopiedSoALaterChangeNeverReachesIt() {
        let content = UNMutableNotificationContent()
        content.title = "before"
        let shared = SharedContent(content)
        content.title = "after"
        #expect(shared.content.title == "before")
        #expect(!(shared.content is UNMutableNotificationContent))
    }

    @Test func immutableContentIsKeptAsItIsSoUpdatedContentReachesIOSUncopied() throws {
        let content = UNMutableNotificationContent()
        content.title = "updated"
        let immutable = try #require(content.copy() as? UNNotificationContent)
        #expect(SharedContent(immutable).content === immutable)
    }
}
