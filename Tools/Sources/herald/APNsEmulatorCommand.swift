import ArgumentParser
import Foundation
import HeraldAPNs
import HeraldAPNsEmulator
@_spi(HeraldTools) import HeraldCore

struct APNsEmulatorCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "apns-emulator",
        abstract: "Run a local server that answers as APNs does, to test a backend offline.",
        discussion: """
            HTTP/2 over TLS on loopback, with a certificate authority and a server certificate \
            made at start (or --tls-cert/--tls-key); --ca-out writes the authority's certificate, which \
            `herald send apns --ca-file` takes. Provider tokens are verified against the .p8 key \
            (signature, kid, iss, age, no new one on a connection within 20 minutes), headers \
            and body by APNs' rules, and refusals carry Apple's statuses and reasons. As APNs \
            does, a connection allows one stream until a valid provider token has come, and a \
            client that does not offer ALPN h2 is refused. Each accepted notification is appended to --log as one \
            JSON line with "token", "headers" and "payload" (a new file is made readable by you \
            only, mode 0600; a symbolic link there is refused).

            No connection is held for nothing: a TLS handshake must finish within 10 seconds; a \
            connection that sends nothing, not even a PING, for --idle-timeout (5 minutes) while \
            owed no answer gets GOAWAY IdleTimeout and is closed, as APNs closes idle ones; and \
            at most 100 connections may be open that have not yet sent a valid provider token \
            (a client sends one with its first request), the oldest closed for a newcomer. \
            Refused provider tokens are warned of once per reason, at most 10 a minute; a line \
            then says how many more were not shown (--verbose shows each).

            Prints one line when it accepts connections. Stops on SIGINT or SIGTERM, sending \
            GOAWAY to every connection first.

            Exit status: 0 stopped by SIGINT or SIGTERM, 2 usage errors, unreadable files or a \
            port it cannot listen on.
            """
    )

    @Option(name: .long, help: ArgumentHelp("The port to listen on (0: any free port; the ready line says which).", valueName: "port"))
    var port: Int = 2197

    @Option(name: .customLong("key-file"), help: ArgumentHelp("The .p8 key whose provider tokens are accepted (only its public half is used).", valueName: "file"))
    var keyFile: String

    @Option(name: .customLong("key-id"), help: ArgumentHelp("The key's id, expected as the tokens' kid.", valueName: "id"))
    var keyID: String

    @Option(name: .customLong("team-id"), help: ArgumentHelp("The team id, expected as the tokens' iss.", valueName: "id"))
    var teamID: String

    @Option(name: .customLong("ca-out"), help: ArgumentHelp("Write the certificate clients must trust here (PEM).", valueName: "file"))
    var caOut: String?

    @Option(
        name: .customLong("tls-cert"),
        help: ArgumentHelp("Serve this TLS certificate chain (PEM, the server's first) instead of generated ones; needs --tls-key.", valueName: "file"))
    var cert: String?

    /// Not `--key`, which read as the .p8 of --key-file.
    @Option(name: .customLong("tls-key"), help: ArgumentHelp("The private key (PEM) of --tls-cert.", valueName: "file"))
    var key: String?

    @Option(name: .long, help: ArgumentHelp("Append each accepted notification to this file as one JSON line (created readable by you only; a symbolic link is refused).", valueName: "file"))
    var log: String?

    @Option(name: .customLong("simctl-dir"), help: ArgumentHelp("Also write each accepted notification here as an .apns file for `xcrun simctl push` (a folder of yours that others cannot write in; made 0700 if missing).", valueName: "dir"))
    var simctlDirectory: String?

    @Option(name: .customLong("unregistered-token"), help: ArgumentHelp("Answer this device token 410 Unregistered (repeat for each).", valueName: "hex"))
    var unregisteredToken: [String] = []

    @Option(name: .customLong("max-streams"), help: ArgumentHelp("SETTINGS_MAX_CONCURRENT_STREAMS per connection once a valid provider token has come on it (1 before, as APNs does).", valueName: "n"))
    var maximumStreams: Int = 500

    @Option(
        name: .customLong("idle-timeout"),
        help: ArgumentHelp("Close a connection that sends nothing for this many seconds while owed no answer, with GOAWAY IdleTimeout (at most 86400).", valueName: "seconds"))
    var idleTimeout: Double = 300

    @Option(name: .long, help: ArgumentHelp("Fault: seconds to wait before every answer, such as 0.25 (at most 86400, a day).", valueName: "seconds"))
    var latency: Double = 0

    @Option(name: .customLong("server-errors"), help: ArgumentHelp("Fault: answer this share of requests 500 or 503 (0 to 1).", valueName: "share"))
    var serverErrors: Double = 0

    @Option(name: .customLong("too-many-requests-every"), help: ArgumentHelp("Fault: every N requests, start a burst of 429 TooManyRequests.", valueName: "n"))
    var tooManyRequestsEvery: Int = 0

    @Option(name: .customLong("too-many-requests-burst"), help: ArgumentHelp("Fault: how many requests each 429 burst answers.", valueName: "n"))
    var tooManyRequestsBurst: Int = 1

    @Option(name: .customLong("reset-streams"), help: ArgumentHelp("Fault: reset this share of streams without an answer (0 to 1).", valueName: "share"))
    var resetStreams: Double = 0

    @Option(name: .customLong("close-connection-every"), help: ArgumentHelp("Fault: every N requests, close the connection under the request.", valueName: "n"))
    var closeConnectionEvery: Int = 0

    @Option(name: .customLong("goaway-every"), help: ArgumentHelp("Fault: every N requests, send GOAWAY refusing it and later streams.", valueName: "n"))
    var goAwayEvery: Int = 0

    @Option(name: .customLong("stall-every"), help: ArgumentHelp("Fault: every N requests, send the answer's headers and then nothing.", valueName: "n"))
    var stallEvery: Int = 0

    @Option(
        name: .customLong("lose-answer-every"),
        help: ArgumentHelp("Fault: every N requests, accept and log the notification, then lose its answer (reset, close, stall in turn).", valueName: "n"))
    var loseAnswerEvery: Int = 0

    @Option(name: .customLong("retry-after"), help: ArgumentHelp("Fault: send Retry-After with every injected 429 and 503 (APNs sends none).", valueName: "seconds"))
    var retryAfter: Int?

    @Option(name: .long, help: ArgumentHelp("Seed of the fault schedule, to repeat a run.", valueName: "n"))
    var seed: UInt64 = 1

    @Flag(name: .long, help: "Log to standard error what it does: connections opened and closed, GOAWAY, provider tokens taken into use, faults injected, each refusal and why.")
    var verbose = false

    func validate() throws {
        guard (0...65535).contains(port) else { throw ValidationError("--port \(port) is out of range (0 to 65535; 0 picks a free port)") }
        try AppleIdentifier.check(keyID: keyID, teamID: teamID)
        if (cert == nil) != (key == nil) { throw ValidationError("--tls-cert and --tls-key go together") }
        for (flag, share) in [("--server-errors", serverErrors), ("--reset-streams", resetStreams)] where !(0...1).contains(share) {
            throw ValidationError("\(flag) must be between 0 and 1")
        }
        for (flag, count) in [("--too-many-requests-every", tooManyRequestsEvery), ("--too-many-requests-burst", tooManyRequestsBurst),
                              ("--close-connection-every", closeConnectionEvery), ("--goaway-every", goAwayEvery), ("--stall-every", stallEvery),
                              ("--lose-answer-every", loseAnswerEvery), ("--retry-after", retryAfter ?? 0)] where count < 0 {
            throw ValidationError("\(flag) must not be negative")
        }
        guard maximumStreams > 0 else { throw ValidationError("--max-streams must be at least 1") }
        // Larger values would overflow the event loop's timers.
        guard latency >= 0, latency <= 86_400 else { throw ValidationError("--latency must be a number of seconds from 0 to 86400 (a day), not \(latency)") }
        try SecondsOption.check(idleTimeout, flag: "--idle-timeout", maximum: 86_400)
        guard (retryAfter ?? 0) <= 86_400 else { throw ValidationError("--retry-after must be at most 86400 (a day)") }
        for token in unregisteredToken where !DeviceToken.isToken(token) {
            throw ValidationError("--unregistered-token \(token) is not hex bytes")
        }
    }

    func run() async throws {
        // Caught from before the ready line: a script may signal as soon as it reads it.
        let shutdown = ShutdownSignal()
        let configuration: APNSEmulator.Configuration
        do {
            configuration = try makeConfiguration()
        } catch {
            error.exit()
        }
        let emulator: APNSEmulator
        do {
            emulator = try await APNSEmulator.start(configuration)
        } catch let error as APNSEmulatorStartError {
            CLIError.usage(error.description).exit()
        } catch {
            CLIError.cannotListen(on: configuration.host, port: port, error).exit()
        }
        if let caOut {
            do {
                try PrivateFile.replace(URL(fileURLWithPath: caOut), with: Data(emulator.certificatePEM.utf8))
            } catch {
                await emulator.shutdown()
                var isFolder: ObjCBool = false
                let why = FileManager.default.fileExists(atPath: caOut, isDirectory: &isFolder)
                    ? (isFolder.boolValue ? "it is a folder; give a file name" : "no permission to write it")
                    : "no such folder \(URL(fileURLWithPath: caOut).deletingLastPathComponent().path)"
                CLIError.usage("--ca-out \(caOut): cannot write the certificate: \(why)").exit()
            }
        }
        // Written unbuffered: a script waiting for this line sees it at once.
        let ready = "herald apns-emulator: listening on \(emulator.endpoint) (key \(keyID), team \(teamID)\(caOut.map { "; trust \($0)" } ?? ""))\n"
        FileHandle.standardOutput.write(Data(ready.utf8))
        await shutdown.wait()
        await emulator.shutdown()
        let statistics = emulator.statistics
        let refused = statistics.refused.values.reduce(0, +)
        printError(
            "apns-emulator stopped: \(statistics.received) received, \(statistics.accepted) accepted, \(refused) refused, "
                + "\(statistics.faultsInjected) faults injected, \(statistics.answersLost) accepted with the answer lost; "
                + "\(statistics.connections) connection\(statistics.connections == 1 ? "" : "s")")
    }

    private func makeConfiguration() throws(CLIError) -> APNSEmulator.Configuration {
        let signingKey: APNSSigningKey
        do {
            signingKey = try APNSSigningKey(contentsOf: URL(fileURLWithPath: keyFile), keyID: keyID, teamID: teamID)
        } catch {
            throw .usage(error.message)
        }
        var identity: EmulatorIdentity?
        if let cert, let key {
            let certificate = String(decoding: try PayloadSource(argument: cert).read(), as: UTF8.self)
            let privateKey = String(decoding: try PayloadSource(argument: key).read(), as: UTF8.self)
            identity = EmulatorIdentity(certificateChainPEM: certificate, privateKeyPEM: privateKey)
        }
        let now = Date()
        return APNSEmulator.Configuration(
            port: port, keys: [APNSVerificationKey(signingKey)],
            unregisteredTokens: Dictionary(unregisteredToken.compactMap(DeviceToken.init).map { ($0.hex, now) }) { first, _ in first },
            faults: EmulatorFaults(
                latency: .nanoseconds(Int64((latency * 1e9).rounded())), serverErrorShare: serverErrors, tooManyRequestsEvery: tooManyRequestsEvery,
                tooManyRequestsBurst: tooManyRequestsBurst, resetShare: resetStreams, closeConnectionEvery: closeConnectionEvery,
                goAwayEvery: goAwayEvery, stallEvery: stallEvery, loseAnswerEvery: loseAnswerEvery, retryAfter: retryAfter.map { .seconds($0) }, seed: seed),
            logFile: log.map { URL(fileURLWithPath: $0) }, simctlDirectory: simctlDirectory.map { URL(fileURLWithPath: $0, isDirectory: true) },
            identity: identity, maximumConcurrentStreams: maximumStreams, idleTimeout: .seconds(idleTimeout),
            logger: .herald(verbose: verbose))
    }
}
