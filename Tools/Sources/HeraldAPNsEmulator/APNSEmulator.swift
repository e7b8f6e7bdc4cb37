import Foundation
import HeraldAPNs
import Logging

/// A local server that answers as APNs does: HTTP/2 over TLS on loopback, provider tokens
/// verified against the keys it was given, every header and the body checked by the
/// reference's rules (the same code as the client's validation), Apple's statuses and reasons,
/// unregistered tokens, and faults on purpose.
///
/// ```swift
/// let emulator = try await APNSEmulator.start(.init(keys: [APNSVerificationKey(signingKey)]))
/// // send to emulator.endpoint, trusting emulator.certificatePEM
/// await emulator.shutdown()
/// ```
public final class APNSEmulator: Sendable {
    /// What the emulator accepts and how it misbehaves.
    public struct Configuration: Sendable {
        /// The address to listen on.
        public var host: String
        /// The port; 0 for any free one (``APNSEmulator/port`` tells which).
        public var port: Int
        /// The keys whose provider tokens are accepted.
        public var keys: [APNSVerificationKey]
        /// Device tokens (lowercase hex) answered 410 `Unregistered`, with the time they became invalid.
        public var unregisteredTokens: [String: Date]
        /// Scheduled faults.
        public var faults: EmulatorFaults
        /// A file each accepted notification is appended to as one JSON line.
        public var logFile: URL?
        /// A directory each accepted notification is written to as an `.apns` file for `xcrun simctl push`.
        public var simctlDirectory: URL?
        /// The TLS certificates and key; `nil` makes an authority and a server certificate it signs.
        public var identity: EmulatorIdentity?
        /// SETTINGS_MAX_CONCURRENT_STREAMS of each connection once a request with a valid
        /// provider token came on it; until then 1, as APNs allows.
        public var maximumConcurrentStreams: Int
        /// The oldest provider token accepted; APNs's hour by default.
        public var tokenMaximumAge: Duration
        /// How soon after a connection's provider token came into use another may replace it;
        /// sooner is 429 `TooManyProviderTokenUpdates`. APNs's 20 minutes by default.
        public var tokenUpdateMinimumInterval: Duration
        /// How long a connection may take, from when it is taken in, to finish its TLS
        /// handshake; a slower one is closed. 10 s by default: on loopback it takes milliseconds.
        public var handshakeTimeout: Duration
        /// How long a connection may send nothing at all (not even a PING) while the emulator
        /// owes it no answer; it then gets GOAWAY `IdleTimeout`, as APNs closes a connection
        /// left idle, and is closed. 5 minutes by default.
        public var idleTimeout: Duration
        /// How many connections may be open at once that have not yet sent a valid provider
        /// token; when one more arrives, the oldest of them is closed. A client sends its token
        /// with its first request, so it waits only moments; 100 by default, well under the
        /// smallest common limit of open files (256 on macOS), so peers that connect and wait
        /// can neither use up the emulator's files nor keep a real client out.
        public var maximumUnprovenConnections: Int
        /// Where the emulator notes, at debug level, connections opened and closed, GOAWAYs,
        /// provider tokens taken into use, faults injected and every refusal with its reason.
        /// Provider tokens and payloads are never logged. By default nothing is.
        public var logger: Logger

        /// - Parameters: see the properties.
        public init(
            host: String = "127.0.0.1", port: Int = 0, keys: [APNSVerificationKey], unregisteredTokens: [String: Date] = [:],
            faults: EmulatorFaults = EmulatorFaults(), logFile: URL? = nil, simctlDirectory: URL? = nil, identity: EmulatorIdentity? = nil,
            maximumConcurrentStreams: Int = 500, tokenMaximumAge: Duration = APNSProviderToken.maximumAge,
            tokenUpdateMinimumInterval: Duration = .seconds(20 * 60), handshakeTimeout: Duration = .seconds(10),
            idleTimeout: Duration = .seconds(5 * 60), maximumUnprovenConnections: Int = 100,
            logger: Logger = Logger(label: "herald.apns-emulator", factory: { _ in SwiftLogNoOpLogHandler() })
        ) {
            self.host = host
            self.port = port
            self.keys = keys
            self.unregisteredTokens = unregisteredTokens
            self.faults = faults
            self.logFile = logFile
            self.simctlDirectory = simctlDirectory
            self.identity = identity
            self.maximumConcurrentStreams = maximumConcurrentStreams
            self.tokenMaximumAge = tokenMaximumAge
            self.tokenUpdateMinimumInterval = tokenUpdateMinimumInterval
            self.handshakeTimeout = handshakeTimeout
            self.idleTimeout = idleTimeout
            self.maximumUnprovenConnections = maximumUnprovenConnections
            self.logger = logger
        }
    }

    private let server: HTTP2Server
    private let responder: EmulatorResponder
    private let log: NotificationLog

    /// The port it listens on.
    public var port: Int { server.port }
    /// The certificate a client must trust (what `--ca-out` writes): the generated authority's,
    /// or the configured identity's ``EmulatorIdentity/trustRootPEM``.
    public let certificatePEM: String
    /// Where to send: `https://127.0.0.1:<port>`.
    public let endpoint: APNSEndpoint

    /// Starts listening; returns when connections are accepted.
    ///
    /// - Parameter configuration: keys, tokens, faults, files.
    /// - Returns: the running emulator.
    /// - Throws: when the port cannot be bound, the certificate cannot be made, or the log file
    ///   or simctl directory cannot be created.
    public static func start(_ configuration: Configuration) async throws -> APNSEmulator {
        let identity = try configuration.identity ?? EmulatorIdentity.generate()
        let log = try NotificationLog(logFile: configuration.logFile, simctlDirectory: configuration.simctlDirectory)
        let responder = EmulatorResponder(configuration: configuration, log: log)
        let server = try await HTTP2Server.bind(configuration, identity: identity) { request, connection, eventLoop in
            responder.answer(request, connection: &connection, on: eventLoop)
        }
        let host = advertisedHost(configuration, identity: identity)
        return APNSEmulator(
            server: server, responder: responder, log: log, certificatePEM: identity.trustRootPEM,
            endpoint: APNSEndpoint(url: URL(string: "https://\(host):\(server.port)")!))
    }

    /// The host clients are told to use: the address listened on, or `localhost` when a given
    /// certificate names that and not the address (a client checks the certificate against it).
    private static func advertisedHost(_ configuration: Configuration, identity: EmulatorIdentity) -> String {
        let address = configuration.host.contains(":") ? "[\(configuration.host)]" : configuration.host
        guard configuration.identity != nil else { return address }  // the generated one names 127.0.0.1 and localhost
        let names = identity.serverNames
        if names.contains(configuration.host) { return address }
        if configuration.host == "127.0.0.1", names.contains("localhost") { return "localhost" }
        configuration.logger.warning(
            "the TLS certificate names neither \(configuration.host) nor localhost (\(names.isEmpty ? "no subjectAltName" : names.joined(separator: ", "))): clients will refuse it unless they connect by a name it holds")
        return address
    }

    private init(server: HTTP2Server, responder: EmulatorResponder, log: NotificationLog, certificatePEM: String, endpoint: APNSEndpoint) {
        self.server = server
        self.responder = responder
        self.log = log
        self.certificatePEM = certificatePEM
        self.endpoint = endpoint
    }

    /// What it has received, accepted and refused so far.
    public var statistics: EmulatorStatistics {
        var statistics = responder.statistics
        statistics.peakConcurrentStreams = server.peakActiveStreams
        statistics.connections = server.connectionsAccepted
        statistics.answersLost = server.answersLost
        return statistics
    }

    /// Stops: GOAWAY `Shutdown` on every connection, naming the last request taken; the answers
    /// still owed go out (for up to 2 s), the connections close, and the log is flushed.
    public func shutdown() async {
        await server.close()
        await log.close()
    }
}
