import ArgumentParser
import Foundation
import HeraldAPNs
import HeraldCore
import HeraldDesk
import HeraldSending

struct RequestCommand: ParsableCommand {
    /// The providers whose request body Herald writes.
    enum Provider: String, CaseIterable, ExpressibleByArgument {
        case fcm, expo
    }

    static let configuration = CommandConfiguration(
        commandName: "request",
        abstract: "Print the FCM v1 or Expo request body that delivers a message where Herald's extension reads it.",
        discussion: """
            For a backend that sends through Firebase Cloud Messaging or Expo's push service. \
            PROVIDER is fcm or expo; the message flags are send apns's, and so are the rules: a \
            delete or a read elsewhere needs --retract-fallback, and for the background fallback \
            it is a background push. The body goes to standard output, ready to post; Herald \
            sends neither itself. `herald convert` reads it back as the phone receives it.

            fcm: POST https://fcm.googleapis.com/v1/projects/<project>/messages:send, with an \
            OAuth 2 access token. The payload goes whole into message.apns.payload (the fcm \
            layout), with apns-push-type, apns-priority and apns-collapse-id in apns.headers; \
            nothing is written for Android.

            expo: POST https://exp.host/--/api/v2/push/send. The message data is Expo's data \
            (the expo layout), with mutableContent, categoryId, badge and interruptionLevel; \
            what Expo has no field for (thread-id, relevance score, collapse id) is named on \
            standard error.

            Both leave 256 of APNs's 4096 bytes for the keys the provider adds, and shorten the \
            text to fit.

            Exit status: 0 printed, 2 usage errors or a message that cannot be built.
            """
    )

    @Argument(help: ArgumentHelp("fcm or expo.", valueName: "provider"))
    var provider: Provider

    @Option(
        name: .long,
        help: ArgumentHelp(
            "The recipient: fcm, one registration token; expo, an Expo push token, ExponentPushToken[…] (repeat for each, up to 100). Without it, the body is a template without a recipient.",
            valueName: "token"))
    var to: [String] = []

    @OptionGroup(title: "Message") var message: MessageOptions

    @OptionGroup var sealing: SealingOptions

    /// Expo's limit on the recipients of one message.
    static let maximumExpoRecipients = 100

    func validate() throws {
        if message.retractFallback != nil, !message.isRetraction {
            throw ValidationError("--retract-fallback goes with --retract or --clear-conversation")
        }
        if message.isRetraction, message.fallback == nil {
            throw ValidationError(
                "--retract and --clear-conversation need --retract-fallback filtered, visible or background: how the app shows nothing for them")
        }
        if message.fallback == .background {
            try message.refuseShownFlags()
        } else if !message.hasText {
            throw ValidationError("give --text (with --sender-name for a communication notification)")
        }
        try message.checkFetchContent(isBackground: message.fallback == .background, isSealing: sealing.isSealing)
        if let empty = to.firstIndex(of: "") { throw ValidationError("--to number \(empty + 1) is empty") }
        if let repeated = to.enumerated().first(where: { to[..<$0.offset].contains($0.element) })?.element {
            throw ValidationError("--to \(ForeignToken.display(repeated)) is given twice: the device would get the message twice")
        }
        switch provider {
        case .fcm:
            guard to.count <= 1 else { throw ValidationError("--to: an FCM v1 request goes to one registration token; write one request per token") }
            if let token = to.first, DeviceToken.isToken(token) {
                throw ValidationError("--to \(token) is an APNs device token; FCM sends to the app's FCM registration token (Messaging.messaging().fcmToken)")
            }
            if let token = to.first, ProviderRequest.isExpoPushToken(token) {
                throw ValidationError("--to \(ForeignToken.display(token)) is an Expo push token: write the request for Expo (herald request expo)")
            }
        case .expo:
            guard to.count <= Self.maximumExpoRecipients else {
                throw ValidationError("--to: Expo takes at most \(Self.maximumExpoRecipients) tokens in one message; \(to.count) given")
            }
            if let wrong = to.first(where: { !ProviderRequest.isExpoPushToken($0) }) {
                throw ValidationError("--to \(ForeignToken.display(wrong)) is no Expo push token: Expo sends to ExponentPushToken[…] (getExpoPushTokenAsync)")
            }
        }
    }

    func run() throws {
        do {
            try printBody()
        } catch {
            error.exit()
        }
    }

    private func printBody() throws(CLIError) {
        guard let outgoing = message.outgoing else { throw .usage("give --text") }
        let sealing = try sealing.sealing()
        let (body, payload, limit, notes): (JSONValue, BuiltPayload, Int, [String])
        do {
            switch provider {
            case .fcm:
                let fcm = try FCMMessage(outgoing, sealing: sealing, to: to.first.map(FCMMessage.Target.token))
                (body, payload, limit, notes) = (fcm.body(), fcm.payload, FCMMessage.maximumPayloadByteCount, [])
            case .expo:
                let expo = try ExpoPushMessage(outgoing, sealing: sealing, to: to)
                (body, payload, limit, notes) = (expo.body(), expo.payload, ExpoPushMessage.maximumPayloadByteCount, expo.leftOut)
            }
        } catch {
            throw .usage(error.message)
        }
        printJSON(body, .pretty)
        if payload.isShortened {
            printError("the text was shortened by \(payload.omittedCharacterCount) characters to fit \(limit) bytes")
        }
        for note in notes { printError("note: \(note)") }
        if to.isEmpty { printError("note: no --to, so the body names no recipient: add it before posting") }
    }
}
