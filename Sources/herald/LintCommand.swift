import ArgumentParser
import Foundation
import HeraldCore

struct LintCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "lint",
        abstract: "Check payloads: will the extension run, will APNs accept them?",
        discussion: """
            Every finding has a stable rule id, a severity and a one-line fix. Rules:
            \(LintRule.all.map { "  \($0.id) (\($0.severity.rawValue)): \($0.summary)" }.joined(separator: "\n"))

            Exit status: 0 no errors, 1 any payload has an error (invalid JSON included), \
            2 usage errors or unreadable files.
            """
    )

    @Argument(help: ArgumentHelp("Payload files, or - for standard input.", valueName: "payload"))
    var payloads: [String]

    @Flag(name: .long, help: "Print one JSON object: {\"files\": [{\"file\", \"layout\", \"findings\": [{\"rule\", \"severity\", \"message\"}]}]}.")
    var json = false

    @OptionGroup var layoutOptions: LayoutOptions

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
        var results: [(file: String, layout: String?, findings: [LintFinding])] = []
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
                let payload = try Payload(data: data)
                let preview = Preview(payload: payload, layout: layout)
                results.append((source.displayName, preview.layout.name, Linter.lint(payload, preview: preview)))
            } catch {
                results.append((source.displayName, nil, [Linter.finding(for: error)]))
            }
        }
        if json {
            let files: [JSONValue] = results.map { result in
                [
                    "file": .string(result.file), "layout": result.layout.map(JSONValue.string) ?? .null,
                    "findings": .array(result.findings.map(\.json)),
                ]
            }
            print(JSONValue.object(["files": .array(files)]).jsonText(.pretty))
        } else {
            for result in results {
                print("\(result.file): \(PreviewReport.summary(result.findings))")
                for finding in result.findings {
                    print("  \(finding.severity.rawValue.padding(toLength: 8, withPad: " ", startingAt: 0))\(finding.rule.id): \(finding.message)")
                }
            }
        }
        if unreadable { throw ExitCode(CLIError.usageExitCode) }
        if results.contains(where: { $0.findings.contains { $0.severity == .error } }) { throw ExitCode(1) }
    }
}
