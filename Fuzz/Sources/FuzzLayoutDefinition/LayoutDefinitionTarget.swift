import Foundation
import FuzzSupport
import HeraldCore
import HeraldDesk

/// A custom layout definition (`--layout-file`, the extension's Info.plist `Herald` dictionary),
/// then a payload read with it.
///
/// Input: the definition's JSON text, a NUL byte, the payload's JSON text (no NUL: the
/// definition alone). A definition that is accepted encodes and decodes a message that sets
/// every field, then reads the payload as `herald preview --layout-file` does: preview and lint.
@main
enum LayoutDefinitionTarget: FuzzTarget {
    static func main() { Fuzzer.main(self) { Fuzzer.test(LayoutDefinitionTarget.self, $0, $1) } }

    static func run(_ input: inout FuzzInput) {
        let definition = input.piece(until: 0)
        let layout: Layout
        do {
            layout = try Layout(definitionData: Data(definition))
        } catch {
            _ = error.description
            return
        }
        // Pointers of a custom layout may overlap (one field's fallback is another's place), so
        // only the built-in layouts promise decode(encode(m)) == m; here it must just not trap.
        _ = layout.decode(layout.encode(everyField, into: ["aps": ["alert": "hi", "mutable-content": 1]]))
        guard let payload = try? Payload(data: input.rest()) else { return }
        let preview = Preview(payload: payload, layout: layout)
        _ = Linter.lint(payload, preview: preview)
    }

    static let everyField = Message(
        sender: Person(
            identifier: "u1", displayName: "Ada", handle: Handle(inferringKindOf: "ada@example.com"),
            avatarURL: URL(string: "https://example.com/ada.png")),
        conversationIdentifier: "c1", groupName: "Team", recipients: ["u2", "u3"], mentionsCurrentUser: true,
        isReplyToCurrentUser: true,
        attachments: [Message.Attachment(url: URL(string: "https://example.com/a.jpg")!, declaredType: "image/jpeg")])
}
