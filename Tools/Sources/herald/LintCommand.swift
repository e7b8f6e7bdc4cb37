import ArgumentParser
import Foundation
import HeraldCore
import HeraldDesk

struct LintCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "lint",
        abstract: "Check payloads: will the extension run, will APNs accept them?",
        discussion: """
            A OneSignal, FCM v1 or Expo request body is converted first, as its provider does \
            (see `herald convert`), and the payload the phone receives is linted.

            Every finding has a stable rule id, a severity and a one-line fix. Rules:
            \(LintRule.all.map { "  \($0.id) (\($0.severity.rawValue)): \($0.summary)" }.joined(separator: "\n"))

            Exit status: 0 no errors, 1 any payload has an error (invalid JSON included), \
            2 usage errors or unreadable files.
            """
    )

    @Argument(help: ArgumentHelp("Payload files, or - for standard input.", valueName: "payload"))
    var payloads: [String]

    @Flag(name: .long, help: "Print one JSON object: {\"files\": [{\"file\", \"request\", \"layout\", \"findings\": [{\"rule\", \"severity\", \"message\"}]}]}.")
    var json = false

    @OptionGroup var deliveryOptions: DeliveryOptions

    @OptionGroup var layoutOptions: LayoutOptions

    @OptionGroup var requestOptions: RequestOptions

    func validate() throws {
        guard !payloads.isEmpty else { throw ValidationError("give at least one payload file, or - for standard input") }
    }

    func run() async throws {
        let layout: Layout?
        do {
            layout = try layoutOptions.resolve()
        } catch {
            error.exit()
        }
        let pushOptions = deliveryOptions.pushOptions
        let project: ProjectFacts?
        do {
            project = try deliveryOptions.projectFacts()
        } catch {
            error.exit()
        }
        var results: [(file: String, request: ProviderRequest.Provider?, layout: String?, findings: [LintFinding])] = []
        var unreadable = false
        for argument in payloads {
            let source = PayloadSource(argument: argument)
            let data: Data
            do {
                data = try source.read()
            } catch {
                printError(error.description)
                unreadable = true
                continue
            }
            do {
                let device = try DevicePayload(data: data, language: requestOptions.language)
                let preview = Preview(payload: device.payload, layout: layout)
                var findings = Linter.lint(device.payload, preview: preview, conversion: device.conversion, pushOptions: pushOptions)
                if let project { findings += project.lint(device.payload) }
                results.append((source.displayName, device.conversion?.provider, preview.layout.name, findings))
            } catch {
                results.append((source.displayName, nil, nil, [error.finding]))
            }
        }
        if json {
            let files: [JSONValue] = results.map { result in
                [
                    "file": .string(result.file), "request": result.request.map { .string($0.rawValue) } ?? .null,
                    "layout": result.layout.map(JSONValue.string) ?? .null,
                    "findings": .array(result.findings.map(\.json)),
                ]
            }
            printJSON(JSONValue.object(["files": .array(files)]), .pretty)
        } else {
            for result in results {
                let request = result.request.map { " (a request body for the \($0): the payload it becomes is linted)" } ?? ""
                printText("\(result.file)\(request): \(PreviewReport.summary(result.findings))")
                for finding in result.findings {
                    printText("  \(finding.severity.rawValue.padding(toLength: 8, withPad: " ", startingAt: 0))\(finding.rule.id): \(finding.message)")
                }
            }
        }
        if unreadable { throw ExitCode(CLIError.usageExitCode) }
        if results.contains(where: { $0.findings.contains { $0.severity == .error } }) { throw ExitCode(1) }
    }
}
