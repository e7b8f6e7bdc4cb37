import Foundation
import HeraldCore
import HeraldEnrichment
import Testing

@testable import HeraldApp

@Suite("SenderContacts")
struct SenderContactsTests {
    /// What the app saves in its group's container is what the extension, reading the map in
    /// the container its AppGroup names, finds for a push's sender.
    @Test func whatTheAppSavesTheExtensionFinds() throws {
        let container = FileManager.default.temporaryDirectory.appendingPathComponent("herald-app-contacts-\(UUID().uuidString)", isDirectory: true)
        defer { try? FileManager.default.removeItem(at: container) }  // a leftover temp folder is harmless
        let contacts = try SenderContacts(appGroupContainer: container)
        try contacts.save([Handle(value: "user-42", kind: .app): "C-42", Handle(value: "+44 20 7946 0000", kind: .phone): "C-7"])
        let extensionsMap = try ContactMap.inContainer(container)
        #expect(try extensionsMap.contactIdentifier(forFirstOf: [Handle(value: "user-42", kind: .app)]) == "C-42")
        #expect(try extensionsMap.contactIdentifier(forFirstOf: [Handle(value: "+442079460000", kind: .phone)]) == "C-7")
        #expect(try contacts.contactIdentifier(for: Handle(value: "+44 (20) 7946-0000", kind: .phone)) == "C-7")
        try contacts.save([:])
        #expect(try extensionsMap.contactIdentifier(forFirstOf: [Handle(value: "user-42", kind: .app)]) == nil)
    }
}
