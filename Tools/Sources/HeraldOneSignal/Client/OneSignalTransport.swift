import AsyncHTTPClient
import Foundation
@_spi(HeraldTools) import HeraldCore
import NIOCore
import NIOHTTP1

/// One POST over AsyncHTTPClient, bounded as a whole by a deadline; the only code that touches
/// NIO types.
struct OneSignalTransport {
    /// The most of an answer that is read: OneSignal's are small, but an `errors` list naming
    /// 2000 invalid ids is not tiny.
    static let maximumResponseByteCount = 1 << 20

    let httpClient: HTTPClient
    let endpoint: URL
    let timeout: Duration

    /// Posts `body` as JSON and reads the whole answer within ``timeout``.
    ///
    /// AsyncHTTPClient's deadline only reaches the response head, so the exchange races a
    /// real-time timer too: whichever ends first wins, and the loser is cancelled (which closes
    /// the connection of an unfinished request).
    ///
    /// - Throws: ``OneSignalError`` with ``OneSignalError/Code/timedOut``,
    ///   ``OneSignalError/Code/cancelled`` or ``OneSignalError/Code/transport``.
    func post(_ body: Data, authorization: String) async throws(OneSignalError) -> OneSignalResponse {
        var request = HTTPClientRequest(url: endpoint.absoluteString)
        request.method = .POST
        request.headers.add(name: "Authorization", value: authorization)
        request.headers.add(name: "Content-Type", value: "application/json; charset=utf-8")
        request.headers.add(name: "Accept", value: "application/json")
        request.body = .bytes(ByteBuffer(bytes: body))
        let timeout = timeout.clampedToLongestWait
        let deadline = NIODeadline.now() + TimeAmount(timeout)
        let (client, prepared) = (httpClient, request)
        do {
            return try await withThrowingTaskGroup(of: OneSignalResponse?.self) { group in
                group.addTask {
                    let response = try await client.execute(prepared, deadline: deadline)
                    let bytes = try await response.body.collect(upTo: Self.maximumResponseByteCount)
                    return OneSignalResponse(status: Int(response.status.code), headers: Self.fields(of: response.headers), body: Data(bytes.readableBytesView))
                }
                group.addTask {
                    try await Task.sleep(for: timeout)
                    return nil
                }
                defer { group.cancelAll() }
                guard let response = try await group.next() ?? nil else { throw TimedOut() }
                return response
            }
        } catch {
            throw failure(error)
        }
    }

    private struct TimedOut: Error {}

    /// What a thrown error means for the caller. Its text may name the host, never a header.
    private func failure(_ error: any Error) -> OneSignalError {
        if Task.isCancelled || error is CancellationError {
            return OneSignalError(.cancelled, "cancelled while talking to OneSignal")
        }
        if error is TimedOut {
            return OneSignalError(.timedOut, "no complete answer from \(endpoint.host ?? "OneSignal") within \(timeout)")
        }
        if let error = error as? HTTPClientError {
            switch error {
            case .deadlineExceeded, .readTimeout, .connectTimeout, .writeTimeout:
                return OneSignalError(.timedOut, "no complete answer from \(endpoint.host ?? "OneSignal") within \(timeout) (\(error))")
            default:
                break
            }
        }
        return OneSignalError(.transport, "could not reach \(endpoint.host ?? "OneSignal"): \(TransportFailureReason.words(for: error))")

    }

    /// Header fields by name as received; a repeated field's values joined with ", ".
    private static func fields(of headers: HTTPHeaders) -> [String: String] {
        var fields: [String: String] = [:]
        for (name, value) in headers {
            fields[name] = fields[name].map { "\($0), \(value)" } ?? value
        }
        return fields
    }
}
