import ArgumentParser
import Foundation
import HeraldCore

struct PreviewCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "preview",
        abstract: "Show what the phone will show for a payload, and why.",
        discussion: """
            Reads the payload as Herald's notification service extension does: detects the \
            provider layout (or uses --layout), decides whether iOS runs the extension at all, \
            and shows the content, the communication layout (sender, avatar, conversation, \
            group, recipients), the attachments, every decision taken, and the lint findings.

            PAYLOAD is the JSON iOS receives as userInfo (a .json or .apns file), or - for \
            standard input. Exit status: 0 shown, 1 the payload is not valid JSON, 2 usage \
            errors or unreadable files.
            """
    )

    @Argument(help: ArgumentHelp("The payload file, or - for standard input.", valueName: "payload"))
    var payload: String

    @Flag(name: .long, help: "Print one JSON object (the preview contract in the README) instead of text.")
    var json = false

    @Flag(name: .customLong("no-fetch"), help: "Guarantee no network access: avatars and attachments are shown by URL only.")
    var noFetch = false

    @OptionGroup var layoutOptions: LayoutOptions

    func run() async throws {
        do {
            let layout = try layoutOptions.resolve()
            let source = PayloadSource(argument: payload)
            let parsed: Payload
            do {
                parsed = try Payload(data: try source.read())
            } catch let error as JSONParseError {
                reportInvalid(error, source: source)
            }
            let report = PreviewReport(payload: parsed, layout: layout)
            print(json ? report.json.jsonText(.pretty) : report.text)
        } catch let error as CLIError {
            error.exit()
        }
    }

    private func reportInvalid(_ error: JSONParseError, source: PayloadSource) -> Never {
        if json {
            let object: JSONValue = [
                "error": [
                    "code": .string(LintRule.invalidJSON.id), "message": .string(error.detail),
                    "line": .number(JSONNumber(error.line)), "column": .number(JSONNumber(error.column)),
                ]
            ]
            print(object.jsonText(.pretty))
        }
        CLIError(description: "\(source.displayName): not valid JSON at line \(error.line), column \(error.column): \(error.detail)", exitCode: 1).exit()
    }
}
