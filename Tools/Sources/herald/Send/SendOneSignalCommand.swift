import ArgumentParser
import AsyncHTTPClient
import Foundation
import HeraldCore
import HeraldOneSignal
import HeraldSending

struct SendOneSignalCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "onesignal",
        abstract: "Send through OneSignal's REST API, with the message data where Herald's extension reads it.",
        discussion: """
            Creates one OneSignal notification per 2000 recipients. The message data goes into \
            OneSignal's `data` field, which reaches the phone as custom.a, where the built-in \
            onesignal layout reads it. Each request has an idempotency key, so a retry after 429 \
            or 5xx never sends twice.

            The REST API key is read from the environment variable \
            \(OneSignalClient.apiKeyEnvironmentVariable), never from the command line, and is \
            never printed. It needs --text (a delete or a read elsewhere has "Message deleted" or \
            "Messages read" by default) and one kind of recipient: --subscription-id or \
            --external-id. Retractions go for the filtered or visible fallback only.

            Exit status: 0 every request was accepted, 1 any failed, 2 usage errors.
            """
    )

    @Option(name: .customLong("app-id"), help: ArgumentHelp("The OneSignal app id.", valueName: "id"))
    var appID: String

    @Option(name: .customLong("subscription-id"), help: ArgumentHelp("A subscription (device) id to send to (repeat for each).", valueName: "id"))
    var subscriptionID: [String] = []

    @Option(name: .customLong("external-id"), help: ArgumentHelp("A user's external id to send to (repeat for each).", valueName: "id"))
    var externalID: [String] = []

    @OptionGroup(title: "Message") var message: MessageOptions

    /// Not `--language`, which names the recipient's language in preview, lint, convert and playground.
    @Option(
        name: .customLong("text-language"),
        help: ArgumentHelp("The language --text, --title and --subtitle are written in (OneSignal also needs en, which gets the same text).", valueName: "code"))
    var textLanguage: String = "en"

    @Option(name: .long, help: ArgumentHelp("Post here instead of OneSignal's API: a test server (plain http only to a loopback address, as the API key would travel in cleartext).", valueName: "url"))
    var endpoint: String?

    @Option(name: .long, help: ArgumentHelp("Seconds each attempt may take, from sending the request to its whole answer (above 0, at most 3600).", valueName: "seconds"))
    var timeout: Double = 30

    @Flag(name: .long, help: "Print one JSON object per request instead of text.")
    var json = false

    @Flag(name: .customLong("dry-run"), help: "Print the request bodies without sending them (the API key is not shown).")
    var dryRun = false

    @Flag(name: .long, help: "Log each retry and its reason to standard error (never the API key).")
    var verbose = false

    func validate() throws {
        // OneSignal's notifications here are alert pushes the extension runs for (mutable_content).
        switch RetractionPush.problem(with: message.data, isBackground: false) {
        case .noFallback?:
            throw ValidationError("--retract and --clear-conversation need --retract-fallback filtered or visible: how the app shows nothing for them")
        case .needsBackgroundPush?:
            throw ValidationError("send onesignal sends alert pushes: --retract-fallback background is a background push; send it with send apns --push-type background")
        case .needsAlertPush?, nil:
            break
        }
        if message.retractFallback != nil, !message.isRetraction {
            throw ValidationError("--retract-fallback goes with --retract or --clear-conversation")
        }
        guard subscriptionID.isEmpty != externalID.isEmpty else {
            throw ValidationError("give --subscription-id or --external-id (one kind per send)")
        }
        guard message.hasText else {
            throw ValidationError("give --text (with --sender-name for a communication notification); OneSignal builds the payload itself, from the message flags")
        }
        try message.checkFetchContent(isBackground: false, isSealing: false)
        if let endpoint {
            try EndpointOption.check(endpoint, schemes: ["https", "http"], why: "http only to a loopback address, for a local test server")
            do {
                if let url = URL(string: endpoint) { try OneSignalClient.validate(endpoint: url) }
            } catch {
                throw ValidationError("--endpoint \(error.message)")
            }
        }
        try SecondsOption.check(timeout, flag: "--timeout", maximum: 3600)
    }

    func run() async throws {
        guard let outgoing = message.outgoing else { CLIError.usage("give --text").exit() }
        let targeting: OneSignalTargeting = subscriptionID.isEmpty ? .externalIDs(externalID) : .subscriptionIDs(subscriptionID)
        let notifications = targeting.batches().map { OneSignalNotification(outgoing, appID: appID, targeting: $0, language: textLanguage) }
        for notification in notifications {
            do {
                try notification.validate()
            } catch {
                CLIError.usage(error.message).exit()
            }
        }
        if dryRun {
            let destination = endpoint ?? OneSignalClient.defaultEndpoint.absoluteString
            for notification in notifications {
                print("POST \(destination)\nauthorization: Key <\(OneSignalClient.apiKeyEnvironmentVariable), not shown>\ncontent-type: application/json\n")
                printJSON(notification.body(), .pretty)
                print()
            }
            print("Dry run: \(notifications.count) request\(notifications.count == 1 ? "" : "s"), nothing sent.")
            return
        }
        let apiKey: String
        do {
            apiKey = try OneSignalClient.apiKey(fromEnvironment: ProcessInfo.processInfo.environment)
        } catch {
            CLIError.usage(error.message).exit()
        }
        // A connection that cannot be made fails its attempt at once (the client's retry policy
        // then decides), instead of AsyncHTTPClient retrying it until the timeout.
        var configuration = HTTPClient.Configuration()
        configuration.connectionPool.retryConnectionEstablishment = false
        // An API call is answered where it was sent: a redirect (to a host the endpoint check
        // would refuse, say) is OneSignal's answer to report, not a place to post again.
        configuration.redirectConfiguration = .disallow
        let httpClient = HTTPClient(eventLoopGroupProvider: .singleton, configuration: configuration)
        let client = OneSignalClient(
            apiKey: apiKey, endpoint: endpoint.flatMap(URL.init(string:)) ?? OneSignalClient.defaultEndpoint, httpClient: httpClient,
            timeout: .seconds(timeout), logger: .herald(verbose: verbose))
        let failed = await send(notifications, with: client)
        try? await httpClient.shutdown()  // the process ends next; nothing is left to lose
        if failed { throw ExitCode(1) }
    }

    /// Sends each request in turn and prints its outcome; whether any failed.
    private func send(_ notifications: [OneSignalNotification], with client: OneSignalClient) async -> Bool {
        var failed = false
        for notification in notifications {
            let recipients = notification.targeting.ids.count
            do {
                let delivery = try await client.send(notification)
                if json {
                    var object: [String: JSONValue] = [
                        "delivered": true, "id": .string(delivery.id), "recipients": .number(JSONNumber(recipients)),
                        "idempotencyKey": .string(delivery.idempotencyKey.uuidString.lowercased()), "attempts": .number(JSONNumber(delivery.attempts)),
                    ]
                    object["errors"] = delivery.errors
                    printJSON(JSONValue.object(object))
                } else {
                    print("Created OneSignal notification \(delivery.id) for \(recipients) recipient\(recipients == 1 ? "" : "s").")
                    for message in delivery.errorMessages { printText("  OneSignal says: \(message)") }
                }
            } catch {
                failed = true
                if json {
                    var object: [String: JSONValue] = [
                        "delivered": false, "code": .string(error.code.rawValue), "message": .string(error.message),
                        "recipients": .number(JSONNumber(recipients)), "attempts": .number(JSONNumber(error.attempts)),
                        "idempotencyKey": .string(notification.idempotencyKey.uuidString.lowercased()),
                    ]
                    object["status"] = error.status.map { .number(JSONNumber($0)) }
                    object["errors"] = .array(error.errors.map(JSONValue.string))
                    printJSON(JSONValue.object(object))
                } else {
                    var summary = error
                    summary.errors = []  // listed below, one a line
                    printText("Failed for \(recipients) recipient\(recipients == 1 ? "" : "s"): \(summary)")
                    for message in error.errors { printText("  OneSignal says: \(message)") }
                }
            }
        }
        return failed
    }
}
