import ArgumentParser
import Foundation
@_spi(HeraldTools) import HeraldCore
import HeraldEnrichment

struct PreviewCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "preview",
        abstract: "Show what the phone will show for a payload, and why.",
        discussion: """
            Runs the payload through Herald's extension pipeline for real: detects the provider \
            layout (or uses --layout), decrypts sealed content, downloads the avatar and up to three \
            attachments (as the phone does) within their deadlines and the budget, and shows the content, the \
            communication layout (sender, avatar, conversation, group, recipients), each \
            download's outcome, every decision taken, and the lint findings.

            PAYLOAD is the JSON iOS receives as userInfo (a .json or .apns file), or - for \
            standard input. A OneSignal, FCM v1 or Expo request body (what your backend posts) \
            is converted first, as its provider does (see `herald convert`). Relative media paths and file: URLs are read relative to the \
            payload's directory (only here, never on the phone). Decryption keys come from \
            --decryption-keys or the HERALD_DECRYPTION_KEYS environment variable (kid:base64key,...).

            A push that carries only its ids (fetch_content) shows its own text, unless \
            --content-server names where the app's server answers with the message, as the \
            extension's ContentURL does: then the message is fetched, with the token from \
            --content-token-file or HERALD_CONTENT_TOKEN, and shown; a failure shows why.

            Exit status: 0 shown, 1 the payload is not valid JSON (or a request its provider would \
            refuse) or the browser drew no --png picture (an earlier file is left as it was), 2 usage \
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

    @OptionGroup var requestOptions: RequestOptions

    @OptionGroup var deliveryOptions: DeliveryOptions

    @Option(name: .customLong("cache-dir"), help: ArgumentHelp("The avatar cache directory (default: herald-UID/avatar-cache in the temporary directory, private to you).", valueName: "dir"))
    var cacheDirectory: String?

    @Option(name: .customLong("attachments-dir"), help: ArgumentHelp("Where downloaded attachments are kept (default: herald-UID/attachments in the temporary directory, private to you).", valueName: "dir"))
    var attachmentsDirectory: String?

    @Option(name: .customLong("avatar-timeout"), help: ArgumentHelp("Seconds the avatar download may take (above 0, at most 30, as on the phone).", valueName: "seconds"))
    var avatarTimeout: Double = 5

    @Option(name: .long, help: ArgumentHelp("Seconds the whole pipeline may take (above 0, at most 29, as on the phone; Apple allows about 30).", valueName: "seconds"))
    var budget: Double = 25

    @OptionGroup var decryptionOptions: DecryptionOptions

    @OptionGroup(title: "FETCHED CONTENT (a push that carries only ids)") var contentOptions: ContentServerOptions

    @Option(
        name: .customLong("content-ack"),
        help: ArgumentHelp(
            "With --content-server, also POST the arrival to this URL template, as the extension does with its ContentAcknowledgementURL.",
            valueName: "url-template"))
    var contentAcknowledgement: String?

    @Flag(name: .customLong("allow-http"), help: "Allow plain http URLs (loopback testing); the phone refuses them by default.")
    var allowHTTP = false

    @Option(name: .long, help: ArgumentHelp(
        "Also write a picture of the notification as iOS lays it out, with Herald and without, light and dark, to this self-contained HTML file.",
        valueName: "file"))
    var html: String?

    @Option(name: .long, help: ArgumentHelp("Also write that picture as a PNG, through a headless Chromium (HERALD_CHROMIUM, or chromium on PATH).", valueName: "file"))
    var png: String?

    @OptionGroup var appLookOptions: AppLookOptions

    func validate() throws {
        // The phone's own limits (Info.plist AvatarTimeout and Budget).
        try SecondsOption.check(avatarTimeout, flag: "--avatar-timeout", maximum: 30)
        try SecondsOption.check(budget, flag: "--budget", maximum: 29)
        if contentAcknowledgement != nil, contentOptions.contentServer == nil {
            throw ValidationError("--content-ack goes with --content-server")
        }
        if noFetch, contentOptions.contentServer != nil {
            throw ValidationError("--content-server fetches over the network, which --no-fetch rules out; give one of them")
        }
        if let png, !png.lowercased().hasSuffix(".png") {
            throw ValidationError("--png \(png): the picture is a PNG, so the file name must end in .png")
        }
        for (flag, path) in [("--html", html), ("--png", png)] {
            guard let path else { continue }
            try Self.checkWritable(path, flag: flag)
        }
        // Folders the pipeline creates when missing; a file there is a mistake to say now,
        // not a download failure or the phone's before-first-unlock fallback later.
        for (flag, path) in [("--cache-dir", cacheDirectory), ("--attachments-dir", attachmentsDirectory)] {
            var isFolder: ObjCBool = false
            if let path, FileManager.default.fileExists(atPath: path, isDirectory: &isFolder), !isFolder.boolValue {
                throw ValidationError("\(flag) \(path): is a file; give a folder (it is created when missing)")
            }
        }
    }

    /// Refuses an output path that is a directory or whose directory does not exist.
    private static func checkWritable(_ path: String, flag: String) throws {
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue {
            throw ValidationError("\(flag) \(path): is a directory; give a file name")
        }
        let directory = URL(fileURLWithPath: path).deletingLastPathComponent().path
        guard FileManager.default.fileExists(atPath: directory, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw ValidationError("\(flag) \(path): no such directory \(directory)")
        }
    }

    func run() async throws {
        do {
            let layout = try layoutOptions.resolve()
            let keyProvider = try decryptionOptions.keys()
            let app = try appLookOptions.resolve()
            let project = try deliveryOptions.projectFacts()
            let source = PayloadSource(argument: payload)
            let device: DevicePayload
            do {
                device = try DevicePayload(data: try source.read(), language: requestOptions.language)
            } catch let failure as DevicePayload.Failure {
                reportUnusable(failure, source: source)
            }
            let parsed = device.payload
            var configuration = EnrichmentConfiguration(
                layout: layout,
                budget: .seconds(budget),
                avatarTimeout: .seconds(avatarTimeout),
                fetchMedia: !noFetch,
                allowHTTP: allowHTTP,
                // A payload on standard input has no folder: it reads no local media.
                localFileBase: payload == "-" ? nil : source.baseDirectory,
                attachmentDirectory: attachmentsDirectory.map { URL(fileURLWithPath: $0, isDirectory: true) }
                    ?? PrivateDirectory.temporaryURL("attachments"),
                avatarCache: AvatarCacheConfiguration(
                    directory: cacheDirectory.map { URL(fileURLWithPath: $0, isDirectory: true) }
                        ?? PrivateDirectory.temporaryURL("avatar-cache"))
            )
            configuration.contentSource = try contentOptions.source(allowHTTP: allowHTTP, acknowledgement: contentAcknowledgement)
            let fetcher = AsyncHTTPClientFetcher(allowHTTP: allowHTTP)
            let report = await PreviewReport(
                previewing: device, configuration: configuration, fetcher: fetcher, keyProvider: keyProvider, pushOptions: deliveryOptions.pushOptions,
                project: project)
            await fetcher.shutdown()
            if json { printJSON(report.json, .pretty) } else { printText(report.text) }
            if html != nil || png != nil {
                try writePicture(report.page(payload: parsed, name: payload == "-" ? source.displayName : URL(fileURLWithPath: payload).lastPathComponent, app: app))
            }
        } catch let error as CLIError {
            error.exit()
        }
    }

    /// Writes `--html`, then `--png` (the report is printed first, so a missing browser loses
    /// neither).
    private func writePicture(_ page: PreviewPage) throws(CLIError) {
        if let html {
            do {
                try PrivateFile.replace(URL(fileURLWithPath: html), with: Data(page.html().utf8))
            } catch {
                throw .usage("\(html) cannot be written: \(error)")
            }
            printError("wrote \(html)")
        }
        if let png {
            let chromium = try Chromium.find()
            try chromium.screenshot(html: page.html(pictureOnly: true), to: URL(fileURLWithPath: png), width: PreviewPage.pictureWidth, height: PreviewPage.pictureHeight)
            printError("wrote \(png)")
        }
    }

    /// Reports a file that gives no payload (not JSON, or a request its provider refuses) and exits 1.
    private func reportUnusable(_ failure: DevicePayload.Failure, source: PayloadSource) -> Never {
        if json {
            var error: [String: JSONValue] = ["code": .string(failure.finding.rule.id), "message": .string(failure.finding.message)]
            if case .invalidJSON(let parseError) = failure {
                error["message"] = .string(parseError.detail)
                error["line"] = .number(JSONNumber(parseError.line))
                error["column"] = .number(JSONNumber(parseError.column))
            }
            printJSON(JSONValue.object(["error": .object(error)]), .pretty)
        }
        CLIError(description: "\(source.displayName): \(failure.finding.message)", exitCode: 1).exit()
    }
}
