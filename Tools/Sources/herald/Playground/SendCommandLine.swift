import Foundation
import HeraldCore
import HeraldSending

/// The `herald send apns` command that sends a device payload with the APNs headers a
/// provider would set, as a shell command: what the playground offers to copy.
///
/// The credentials and the device token are placeholders in capitals; the payload follows on
/// standard input as a here-document, so the command needs no file. It starts as a dry run,
/// on a line of its own: a command pasted before its placeholders are filled in sends nothing.
struct SendCommandLine: Hashable {
    /// The command, on several lines joined by backslashes, then the here-document.
    let text: String

    /// The `herald send apns` option each APNs header a conversion sets maps to.
    static let headerOptions = [
        APNSHeaderName.pushType: "--push-type", APNSHeaderName.priority: "--priority", APNSHeaderName.collapseID: "--collapse-id",
        APNSHeaderName.expiration: "--expiration", APNSHeaderName.topic: "--topic",
    ]

    /// The here-document's delimiter: compact JSON is one line starting with `{`, so no line of
    /// it can be this word.
    static let delimiter = "PAYLOAD"

    /// - Parameters:
    ///   - payload: the device payload, sent as it is.
    ///   - headers: APNs headers by name; one `herald send apns` has no option for is named in
    ///     a comment line instead.
    init(payload: JSONValue, headers: [String: String] = [:]) {
        var options: [(String, String)] = [
            ("--topic", headers[APNSHeaderName.topic] ?? "YOUR.BUNDLE.ID"),
            ("--key-file", "AuthKey_KEYID.p8"), ("--key-id", "KEYID"), ("--team-id", "TEAMID"),
        ]
        var unmapped: [String] = []
        for (name, value) in headers.sorted(by: { $0.key < $1.key }) where name != APNSHeaderName.topic {
            if let option = Self.headerOptions[name] {
                options.append((option, value))
            } else {
                // Quoted as JSON, so a line break in it cannot end the comment.
                unmapped.append(JSONValue.string("\(name): \(value)").jsonText())
            }
        }
        options.append(("--token", "DEVICE_TOKEN"))
        var lines = unmapped.map { "# \($0) (no herald send option sets this header)" }
        lines.append("herald send apns --sandbox \\")
        lines.append("  --dry-run \\")
        lines += options.map { "  \($0.0) \(Self.shellWord($0.1)) \\" }
        lines.append("  - <<'\(Self.delimiter)'")
        lines.append(payload.jsonText())
        lines.append(Self.delimiter)
        text = lines.joined(separator: "\n")
    }

    /// A word the shell reads back as `value`: as it is when it holds only safe characters,
    /// else in single quotes.
    static func shellWord(_ value: String) -> String {
        let safe = !value.isEmpty && value.unicodeScalars.allSatisfy { scalar in
            scalar.isASCII && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || "._-/:=@%+,".unicodeScalars.contains(scalar))
        }
        return safe ? value : "'" + value.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }
}
