import ArgumentParser
import Foundation
import HeraldAPNs
import HeraldCore
import HeraldDesk
import HeraldSending
import Logging

struct SendAPNsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "apns",
        abstract: "Send to devices through APNs over HTTP/2, with a .p8 token key.",
        discussion: """
            Sends one notification to every device token given, at most --concurrency at a time, \
            retrying 5xx, 429 and lost connections with back-off, never Apple's permanent \
            failures. Prints a progress line on a terminal, then a summary: how many were sent, \
            the failures by reason, and the tokens to delete from your backend (Unregistered, \
            ExpiredToken, BadDeviceToken: check --sandbox/--production first, since APNs also \
            answers BadDeviceToken for a token of the other environment). --json prints one \
            object per token instead.

            To send it needs --key-file, --key-id and --team-id, and exactly one of --sandbox, \
            --production or --endpoint; --dry-run needs no key. A local APNs: start \
            `herald apns-emulator --ca-out ca.pem ...`, then send with \
            --endpoint https://127.0.0.1:PORT --ca-file ca.pem.

            Exit status: 0 every notification was accepted, 1 any failed, 2 usage errors or \
            unreadable files (payload, tokens file, key), or tokens that are not APNs tokens.
            """
    )

    @Option(name: .customLong("key-file"), help: ArgumentHelp("The AuthKey_XXXX.p8 file from Apple's developer site.", valueName: "file"))
    var keyFile: String?

    @Option(name: .customLong("key-id"), help: ArgumentHelp("The key's 10-character id.", valueName: "id"))
    var keyID: String?

    @Option(name: .customLong("team-id"), help: ArgumentHelp("Your 10-character team id.", valueName: "id"))
    var teamID: String?

    @Option(name: .long, help: ArgumentHelp("The app's bundle id (with the push type's suffix, e.g. .voip).", valueName: "bundle-id"))
    var topic: String

    @Flag(name: .long, help: "Send to APNs' development server (apps signed for development).")
    var sandbox = false

    @Flag(name: .long, help: "Send to APNs' production server.")
    var production = false

    @Option(name: .long, help: ArgumentHelp("Send to another server that answers as APNs does.", valueName: "https-url"))
    var endpoint: String?

    @Option(name: .customLong("ca-file"), help: ArgumentHelp("Trust the certificates in this PEM file (with --endpoint; apns-emulator --ca-out writes one).", valueName: "pem"))
    var caFile: String?

    @Option(name: .long, help: ArgumentHelp("A device token in hex (repeat for each).", valueName: "hex"))
    var token: [String] = []

    @Option(name: .customLong("tokens-file"), help: ArgumentHelp("A file of device tokens, one per line (# comments and blank lines ignored).", valueName: "file"))
    var tokensFile: String?

    @Argument(help: ArgumentHelp("A payload file to send as written (white space between tokens left out, as lint counts it), or - for standard input; or leave it out and give --text.", valueName: "payload"))
    var payload: String?

    @OptionGroup(title: "Message") var message: MessageOptions

    @Option(name: .long, help: ArgumentHelp(
        "Write the built message with this built-in layout (default: apns).", valueName: Layout.builtIn.map(\.name).joined(separator: "|")))
    var layout: String?

    @Option(name: .customLong("layout-file"), help: ArgumentHelp(
        "Write the built message with a custom layout from a JSON file (see README, Custom layouts).", valueName: "file"))
    var layoutFile: String?

    @OptionGroup var sealing: SealingOptions

    @Option(
        name: .customLong("push-type"),
        help: ArgumentHelp(
            "apns-push-type. background builds a background push from the data flags (content-available, no alert) sent at priority 5.",
            valueName: "type"))
    var pushType: String = "alert"

    @Option(name: .long, help: ArgumentHelp("apns-priority: 10, 5 or 1 (default: none, which APNs treats as 10; 5 for a background push).", valueName: "n"))
    var priority: Int?

    /// `--push-type`, typed.
    private var type: APNSPushType { APNSPushType(rawValue: pushType) }

    private var isBackground: Bool { type == .background }

    /// The push type and the priority it is sent at: `--priority`, else the one APNs requires
    /// for the type (5 for background), else none.
    private var pushOptions: APNSPushOptions {
        APNSPushOptions(pushType: type, priority: priority.map(APNSPriority.init(rawValue:)) ?? type.requiredPriority)
    }

    @Option(name: .long, help: ArgumentHelp("apns-expiration in UNIX seconds; 0 means one attempt.", valueName: "seconds"))
    var expiration: Int?

    @Option(
        name: .customLong("collapse-id"),
        help: ArgumentHelp("apns-collapse-id (at most 64 bytes); default: the id of the message the notification stands for, unless sealed.", valueName: "id"))
    var collapseID: String?

    @Option(name: .long, help: ArgumentHelp("Notifications in flight at once.", valueName: "n"))
    var concurrency: Int = 100

    @Option(name: .long, help: ArgumentHelp("HTTP/2 connections to spread the notifications over; for volume, raise this rather than --concurrency.", valueName: "n"))
    var connections: Int = 2

    @Option(name: .long, help: ArgumentHelp("Seconds each attempt may wait for its answer once sent (above 0, at most 3600).", valueName: "seconds"))
    var timeout: Double = 10

    @Option(
        name: .customLong("stream-wait"),
        help: ArgumentHelp(
            "Seconds a notification may wait for a free HTTP/2 stream before it is sent; one still waiting fails unsent (above 0, at most 3600).",
            valueName: "seconds"))
    var streamWait: Double = 60

    @Flag(
        name: .customLong("collapse-resends"), inversion: .prefixedNo,
        help: "Give each notification without --collapse-id its apns-id as apns-collapse-id, so a resend after a lost answer shows once; with --no-collapse-resends such a notification is not resent.")
    var collapseResends = true

    @Option(name: .long, help: ArgumentHelp("Attempts per notification, the first included.", valueName: "n"))
    var attempts: Int = 4

    @Flag(name: .long, help: "Print one JSON object per device token instead of the summary.")
    var json = false

    @Flag(name: .customLong("dry-run"), help: "Print the requests without sending them (the provider token is not shown).")
    var dryRun = false

    @Flag(name: .long, help: "Log to standard error how it sends: connections opened and replaced, GOAWAY, provider tokens made, each retry and why.")
    var verbose = false

    func validate() throws {
        let destinations = [sandbox, production, endpoint != nil].filter { $0 }.count
        guard destinations == 1 else { throw ValidationError("give exactly one of --sandbox, --production or --endpoint URL") }
        if caFile != nil, endpoint == nil { throw ValidationError("--ca-file goes with --endpoint") }
        if let endpoint { try EndpointOption.check(endpoint, schemes: ["https"], why: "APNs is HTTP/2 over TLS") }
        guard !token.isEmpty || tokensFile != nil else { throw ValidationError("give --token HEX or --tokens-file FILE") }
        if isBackground {
            try message.refuseShownFlags()
        } else {
            try message.requireText(orPayload: payload)
        }
        try checkRetraction()
        try message.checkFetchContent(isBackground: isBackground, isSealing: sealing.isSealing)
        if let priority, let violation = type.violation(priority: APNSPriority(rawValue: priority)) {
            throw ValidationError("--priority \(priority): \(violation) (which it gets without --priority)")
        }
        try SecondsOption.check(timeout, flag: "--timeout", maximum: 3600)
        try SecondsOption.check(streamWait, flag: "--stream-wait", maximum: 3600)
        // A dry run signs nothing: the playground's command, with KEYID left in, still runs.
        if !dryRun { try AppleIdentifier.check(keyID: keyID, teamID: teamID) }
        if !dryRun, keyFile == nil || keyID == nil || teamID == nil {
            throw ValidationError("sending needs --key-file, --key-id and --team-id")
        }
        if payload != nil, message.hasMessageFlags {
            throw ValidationError("give a payload file or the message flags (--text, --sender-name, ...), not both")
        }
        try LayoutOptions.check(layout: layout, layoutFile: layoutFile)
        if payload != nil, layout != nil || layoutFile != nil {
            throw ValidationError("--layout and --layout-file shape a built message; a payload file is sent as it is")
        }
        if sealing.isSealing, payload != nil { throw ValidationError("--seal-keys seals a built message; a payload file is sent as it is") }
        guard concurrency > 0 else { throw ValidationError("--concurrency must be at least 1") }
        guard connections > 0 else { throw ValidationError("--connections must be at least 1") }
        guard timeout > 0, timeout.isFinite else { throw ValidationError("--timeout must be a positive number of seconds") }
        guard attempts > 0 else { throw ValidationError("--attempts must be at least 1") }
    }

    func run() async throws {
        let plan: SendPlan
        do {
            plan = try makePlan()
        } catch {
            error.exit()
        }
        if dryRun {
            if plan.printDryRun() == 0 { noTokens.exit() }
            return
        }
        let key: APNSSigningKey
        let client: APNSClient
        do {
            key = try APNSSigningKey(contentsOf: URL(fileURLWithPath: keyFile!), keyID: keyID!, teamID: teamID!)
            client = try APNSClient(configuration: plan.clientConfiguration, key: key, logger: .herald(verbose: verbose))
        } catch {
            CLIError.usage(error.message).exit()
        }
        let report = SendReport(json: json, destination: plan.clientConfiguration.endpoint.description)
        await client.send(plan.template, to: plan.deviceTokens { report.record($0) }) { report.record(SendResult($0)) }
        plan.reportRepeats()
        // Shutting down an idle client only fails if it was shut down already.
        try? await client.shutdown()
        if report.isEmpty { noTokens.exit() }
        report.finish()
        if !report.allDelivered { throw ExitCode(1) }
    }

    /// A retraction must say how the app shows nothing, and be the push that fallback needs.
    private func checkRetraction() throws {
        let fallback = message.fallback
        if message.isRetraction, fallback == nil {
            throw ValidationError("--retract and --clear-conversation need --retract-fallback filtered, visible or background: how the app shows nothing for them")
        }
        if fallback != nil, !message.isRetraction, payload == nil {
            throw ValidationError("--retract-fallback goes with --retract or --clear-conversation (or a payload file that retracts)")
        }
        // A payload file's retraction is checked when the file is read (buildBody).
        guard message.isRetraction else { return }
        switch RetractionPush.problem(with: message.data, isBackground: isBackground) {
        case .needsBackgroundPush?: throw ValidationError("--retract-fallback background sends a background push: add --push-type background")
        case .needsAlertPush(let other)?: throw ValidationError("a background push retracts for --retract-fallback background; \(other.rawValue) needs an alert push")
        case .noFallback?, nil: break
        }
    }

    private func makePlan() throws(CLIError) -> SendPlan {
        let tokens = try readTokens()
        let body = try buildBody()
        // The template's token is replaced per device; this one only lets it be checked.
        let placeholder = DeviceToken(String(repeating: "00", count: 32))!
        let template = APNSRequest(
            deviceToken: placeholder, topic: topic, pushType: type, priority: pushOptions.priority,
            expiration: expiration, collapseID: collapseID ?? body.collapseID, payload: body.data)
        do {
            try template.validate()
        } catch {
            throw .usage("the notification would be refused: \(error)")
        }
        let destination: APNSEndpoint = sandbox ? .sandbox : production ? .production : APNSEndpoint(url: URL(string: endpoint!)!)
        let configuration = APNSClient.Configuration(
            endpoint: destination, requestTimeout: .seconds(timeout), streamWaitTimeout: .seconds(streamWait), maximumConcurrentRequests: concurrency,
            connections: connections, retry: RetryPolicy(maximumAttempts: attempts), trustedCertificatesFile: caFile.map { URL(fileURLWithPath: $0) },
            collapsesResends: collapseResends)
        return SendPlan(tokens: tokens, template: template, clientConfiguration: configuration)
    }

    /// The tokens as given, read as they are sent; a tokens file that cannot be read is a
    /// usage error now.
    private func readTokens() throws(CLIError) -> TokenList {
        let tokens = TokenList(flags: token, file: tokensFile)
        try tokens.checkReadable()
        try tokens.checkKinds()
        return tokens
    }

    /// The usage error for a send without a single token, found once the tokens were read.
    private var noTokens: CLIError { .usage("\(tokensFile ?? "--token"): no device tokens") }

    /// The payload to send, and the collapse id its message asks for by default
    /// (``APNSCollapseID/default(for:isSealed:)``).
    private func buildBody() throws(CLIError) -> (data: Data, collapseID: String?) {
        if let payload {
            let source = PayloadSource(argument: payload)
            let written = try source.read()
            let json: JSONValue
            do {
                json = try JSONValue(parsing: written)
            } catch {
                throw .usage("\(source.displayName): not valid JSON at line \(error.line), column \(error.column): \(error.detail)")
            }
            if let request = ProviderRequest(json) {
                throw .usage(
                    "\(source.displayName) is a request body for the \(request.provider), not what the phone receives; send it to the \(request.provider), "
                        + "or send the payload it becomes: herald convert \(source.displayName) > payload.json")
            }
            let payload = Payload(json: json)
            // Read once: the retraction check, lint and the collapse id all use it.
            let preview = Preview(payload: payload, layout: nil)
            let message = preview.message
            if message.action?.isRetraction == true {
                // The file says the fallback, or the flag does for it; either way, the push must be
                // the one that fallback needs (RetractionPush), as a push built from flags is.
                if let written = message.retractFallback, let flag = self.message.fallback, written != flag {
                    throw .usage("\(source.displayName) says retract_fallback \(written.rawValue), but --retract-fallback says \(flag.rawValue): give one")
                }
                var retraction = message
                retraction.retractFallback = message.retractFallback ?? self.message.fallback
                switch RetractionPush.problem(with: retraction, isBackground: isBackground) {
                case .noFallback?:
                    throw .usage(
                        "\(source.displayName) retracts messages but does not say how the app shows nothing: add \"retract_fallback\" (filtered, visible or background) to its communication block, or pass --retract-fallback")
                case .needsBackgroundPush?:
                    throw .usage("\(source.displayName) retracts for the background fallback, which is a background push: add --push-type background (and content-available: 1 alone in aps)")
                case .needsAlertPush(let fallback)?:
                    throw .usage("\(source.displayName) retracts for the \(fallback.rawValue) fallback, which needs an alert push the extension runs for, not a background push")
                case nil:
                    break
                }
            } else if self.message.fallback != nil {
                throw .usage("--retract-fallback goes with a push that retracts, and \(source.displayName) retracts nothing")
            }
            if isBackground {
                let problems = Linter.lintBackground(payload, pushOptions: pushOptions).filter { $0.severity == .error }
                if let first = problems.first { throw .usage("\(source.displayName): \(first.rule.id): \(first.message)") }
            } else {
                // Sent as written, as asked; what lint finds wrong is said first. Too large is
                // refused below, with the size as sent.
                for finding in Linter.lint(payload, preview: preview, pushOptions: pushOptions)
                where finding.severity == .error && finding.rule != .payloadTooLarge {
                    printError("warning: \(source.displayName): \(finding.rule.id): \(finding.message) (sending it as it is)")
                }
            }
            // The message id in the clear, if the file has one (a sealed one is inside the box).
            return (written.withoutJSONWhitespace, APNSCollapseID.default(for: message, isSealed: false))
        }
        var builder = PayloadBuilder(layout: try LayoutOptions.resolve(layout: layout, layoutFile: layoutFile) ?? .apns, maximumByteCount: type.maximumPayloadByteCount)
        builder.sealing = try sealing.sealing()
        let outgoing = message.outgoing
        guard isBackground || outgoing != nil else { throw .usage("give a payload file or --text") }
        let built: BuiltPayload
        do {
            if !isBackground, let outgoing {
                built = try builder.build(outgoing)
            } else {
                built = try builder.buildBackground(message.data)
            }
        } catch {
            throw .usage(error.message)
        }
        if built.isShortened {
            printError("the text was shortened by \(built.omittedCharacterCount) characters to fit \(builder.maximumByteCount) bytes")
        }
        return (built.data, built.collapseID)
    }
}
