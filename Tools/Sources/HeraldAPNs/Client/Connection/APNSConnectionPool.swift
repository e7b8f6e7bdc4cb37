import Logging
import NIOConcurrencyHelpers
import NIOCore
import NIOPosix
import NIOSSL

/// A client's HTTP/2 connections to one endpoint: a fixed number, opened on first use, used in
/// turn, and replaced when one is told to go away or closes.
final class APNSConnectionPool: Sendable {
    private enum Slot {
        case empty
        case connecting(Task<APNSConnection, any Error>)
        case open(APNSConnection)
    }

    private struct State {
        var slots: [Slot]
        var next = 0
        /// Replaced connections, still finishing their requests; closed by ``shutdown()``.
        var retired: [APNSConnection] = []
        var isShutDown = false
    }

    /// How often a request goes to another connection when the one it was handed could not
    /// send it (closing, closed before the last byte went out, GOAWAY or REFUSED_STREAM said it
    /// was not processed): it never reached APNs, so this is not a retry. Past this the attempt
    /// fails unsent, and the client's retry policy decides.
    private static let resendsAtOnce = 3

    private let endpoint: APNSEndpoint
    private let tls: NIOSSLContext
    private let maximumBodyByteCount: Int
    private let logger: Logger
    private let state: NIOLockedValueBox<State>

    /// - Parameters:
    ///   - endpoint: where to connect.
    ///   - tls: the client TLS context.
    ///   - connections: how many connections, at least 1.
    ///   - maximumBodyByteCount: the largest answer body read.
    ///   - logger: where connections opened, failed and replaced are noted (debug).
    init(endpoint: APNSEndpoint, tls: NIOSSLContext, connections: Int, maximumBodyByteCount: Int, logger: Logger) {
        self.endpoint = endpoint
        self.logger = logger
        self.tls = tls
        self.maximumBodyByteCount = maximumBodyByteCount
        self.state = NIOLockedValueBox(State(slots: Array(repeating: .empty, count: max(1, connections))))
    }

    /// Sends one request on the next connection and waits for its whole answer.
    ///
    /// - Parameters:
    ///   - request: the APNs request.
    ///   - timeout: how long the answer may take, from when the request's HEADERS go out.
    ///   - streamWait: how long the request may wait for a free stream before it goes out,
    ///     counted from now, over every connection it is handed to. (Opening a connection has
    ///     its own limits, ``APNSConnection/connectTimeout``.)
    /// - Throws: ``APNSTransportError`` when no whole answer came. (Should anything else fail,
    ///   it is ``APNSTransportError/connectFailed(_:)`` while connecting, else
    ///   ``APNSTransportError/notWritten(_:)``.)
    func send(_ request: APNSWireRequest, timeout: TimeAmount, streamWait: TimeAmount) async throws(APNSTransportError) -> APNSWireResponse {
        let streamWaitDeadline = NIODeadline.now() + streamWait
        var resends = 0
        while true {
            let connection: APNSConnection
            do {
                connection = try await self.connection(inSlot: nil)
            } catch {
                throw error as? APNSTransportError ?? .connectFailed("\(error)")
            }
            do {
                return try await connection.send(request, timeout: timeout, streamWaitDeadline: streamWaitDeadline)
            } catch let error as APNSTransportError where error.isResendableAtOnce && resends < Self.resendsAtOnce {
                resends += 1
            } catch APNSTransportError.noFreeStream {
                throw APNSTransportError.noFreeStream(waited: Duration(streamWait))  // the whole wait, over every connection tried
            } catch {
                throw error as? APNSTransportError ?? .notWritten("\(error)")
            }
        }
    }

    /// Closes every connection. Requests waiting for an answer fail; later ones fail with
    /// ``APNSTransportError/shutDown``.
    func shutdown() async {
        let (slots, retired) = state.withLockedValue { state in
            state.isShutDown = true
            defer {
                state.slots = state.slots.map { _ in .empty }
                state.retired = []
            }
            return (state.slots, state.retired)
        }
        var connections = retired
        for slot in slots {
            switch slot {
            case .empty: break
            case .open(let connection): connections.append(connection)
            case .connecting(let task):
                if let connection = try? await task.value { connections.append(connection) }  // a failed connect has nothing to close
            }
        }
        for connection in connections { await connection.close() }
    }

    private enum Pick {
        case ready(APNSConnection)
        case wait(Task<APNSConnection, any Error>)
    }

    /// The connection in slot `slot` modulo the number of connections (a batch worker keeps to
    /// one), or the next in turn when `nil`; opened or replaced first if need be.
    ///
    /// - Throws: ``APNSTransportError/shutDown``, or why the connection could not be opened.
    func connection(inSlot slot: Int?) async throws -> APNSConnection {
        let pick = try state.withLockedValue { state throws -> Pick in
            guard !state.isShutDown else { throw APNSTransportError.shutDown }
            let index: Int
            if let slot {
                index = slot % state.slots.count
            } else {
                index = state.next % state.slots.count
                state.next &+= 1
            }
            switch state.slots[index] {
            case .open(let connection) where connection.isAvailable:
                return .ready(connection)
            case .connecting(let task):
                return .wait(task)
            case .open(let connection):
                state.retired.append(connection)
                logger.debug("replacing connection", metadata: ["apns.connection.slot": "\(index)", "apns.connection.closed": "\(connection.isClosed)"])
                fallthrough
            case .empty:
                let task = Task { try await self.connect(slot: index) }
                state.slots[index] = .connecting(task)
                return .wait(task)
            }
        }
        switch pick {
        case .ready(let connection): return connection
        case .wait(let task): return try await task.value
        }
    }

    /// Opens the connection for a slot and puts it there (or empties the slot on failure, so
    /// the next request tries again).
    private func connect(slot index: Int) async throws -> APNSConnection {
        do {
            var logger = logger
            logger[metadataKey: "apns.connection.slot"] = "\(index)"
            let connection = try await APNSConnection.connect(
                to: endpoint, tls: tls, maximumBodyByteCount: maximumBodyByteCount, logger: logger, on: MultiThreadedEventLoopGroup.singleton.next())
            logger.debug("connection opened", metadata: ["apns.endpoint": "\(endpoint)"])
            let keep = state.withLockedValue { state -> Bool in
                guard !state.isShutDown else { return false }
                state.slots[index] = .open(connection)
                state.retired.removeAll { $0.isClosed }
                return true
            }
            if !keep { await connection.close() }
            return connection
        } catch {
            logger.debug("could not connect", metadata: ["apns.connection.slot": "\(index)", "apns.error": "\(error)"])
            state.withLockedValue { state in
                if !state.isShutDown { state.slots[index] = .empty }
            }
            throw error
        }
    }
}
