import ArgumentParser
import Foundation
import HeraldCore
import HeraldEnrichment

struct PreviewCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "preview",
        abstract: "Show what the phone will show for a payload, and why.",
        discussion: """
            Runs the payload through Herald's extension pipeline for real: detects the provider \
            layout (or uses --layout), decrypts sealed content, downloads the avatar and every \
            attachment within their deadlines and the budget, and shows the content, the \
            communication layout (sender, avatar, conversation, group, recipients), each \
            download's outcome, every decision taken, and the lint findings.

            PAYLOAD is the JSON iOS receives as userInfo (a .json or .apns file), or - for \
            standard input. Relative media paths and file: URLs are read relative to the \
            payload's directory (only here, never on the phone). Decryption keys come from \
            --key-file or the HERALD_DECRYPTION_KEYS environment variable (kid:base64key,...).

            Exit status: 0 shown, 1 the payload is not valid JSON, 2 usage errors or unreadable files.
            """
    )

    @Argument(help: ArgumentHelp("The payload file, or - for standard input.", valueName: "payload"))
    var payload: String

    @Flag(name: .long, help: "Print one JSON object (the preview contract in the README) instead of text.")
    var json = false

    @Flag(name: .customLong("no-fetch"), help: "Guarantee no network access: avatars and attachments are shown by URL only.")
    var noFetch = false

    @OptionGroup var layoutOptions: LayoutOptions

    @Option(name: .customLong("cache-dir"), help: ArgumentHelp("The avatar cache directory (default: herald-avatar-cache in the temporary directory).", valueName: "dir"))
    var cacheDirectory: String?

    @Option(name: .customLong("attachments-dir"), help: ArgumentHelp("Where downloaded attachments are kept (default: herald-attachments in the temporary directory).", valueName: "dir"))
    var attachmentsDirectory: String?

    @Option(name: .customLong("avatar-timeout"), help: ArgumentHelp("Seconds the avatar download may take (above 0, at most 30, as on the phone).", valueName: "seconds"))
    var avatarTimeout: Double = 5

    @Option(name: .long, help: ArgumentHelp("Seconds the whole pipeline may take (above 0, at most 29, as on the phone; Apple allows about 30).", valueName: "seconds"))
    var budget: Double = 25

    @Option(name: .customLong("key-file"), help: ArgumentHelp("Decryption keys: a JSON file {\"keys\": {\"<kid>\": \"<base64 32-byte key>\"}}.", valueName: "file"))
    var keyFile: String?

    @Flag(name: .customLong("allow-http"), help: "Allow plain http URLs (loopback testing); the phone refuses them by default.")
    var allowHTTP = false

    func validate() throws {
        // The phone's own limits (Info.plist AvatarTimeout and Budget).
        try SecondsOption.check(avatarTimeout, flag: "--avatar-timeout", maximum: 30)
        try SecondsOption.check(budget, flag: "--budget", maximum: 29)
    }

    func run() async throws {
        do {
            let layout = try layoutOptions.resolve()
            let keyProvider = try keys()
            let source = PayloadSource(argument: payload)
            let parsed: Payload
            do {
                parsed = try Payload(data: try source.read())
            } catch let error as JSONParseError {
                reportInvalid(error, source: source)
            }
            let temporary = FileManager.default.temporaryDirectory
            let configuration = EnrichmentConfiguration(
                layout: layout,
                budget: .seconds(budget),
                avatarTimeout: .seconds(avatarTimeout),
                fetchMedia: !noFetch,
                allowHTTP: allowHTTP,
                localFileBase: source.baseDirectory,
                attachmentDirectory: attachmentsDirectory.map { URL(fileURLWithPath: $0, isDirectory: true) }
                    ?? temporary.appendingPathComponent("herald-attachments", isDirectory: true),
                avatarCache: AvatarCacheConfiguration(
                    directory: cacheDirectory.map { URL(fileURLWithPath: $0, isDirectory: true) }
                        ?? temporary.appendingPathComponent("herald-avatar-cache", isDirectory: true))
            )
            let clock = ContinuousClock()
            let fetcher = AsyncHTTPClientFetcher(allowHTTP: allowHTTP)
            let enricher = Enricher(configuration: configuration, clock: clock, fetcher: fetcher, keyProvider: keyProvider)
            let start = clock.now
            let notification = await enricher.enrich(parsed)
            let report = PreviewReport(
                notification: notification, lint: Linter.lint(parsed, preview: Preview(payload: parsed, layout: layout)),
                elapsed: start.duration(to: clock.now))
            await fetcher.shutdown()
            print(json ? report.json.jsonText(.pretty) : report.text)
        } catch let error as CLIError {
            error.exit()
        }
    }

    /// Keys from --key-file, else from HERALD_DECRYPTION_KEYS, else none.
    private func keys() throws(CLIError) -> (any KeyProvider)? {
        do {
            if let keyFile {
                return try StaticKeyProvider(keyFile: URL(fileURLWithPath: keyFile))
            }
            if let value = ProcessInfo.processInfo.environment[StaticKeyProvider.environmentVariable] {
                return try StaticKeyProvider(environmentValue: value)
            }
            return nil
        } catch {
            throw .usage(keyFile.map { "\($0): \(error.message)" } ?? "\(StaticKeyProvider.environmentVariable): \(error.message)")
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
