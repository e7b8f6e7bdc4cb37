import Foundation
import HeraldCore
import NIOHTTP1

/// The playground's answer to a request.
struct PlaygroundResponse: Sendable {
    var status: HTTPResponseStatus
    var headers: [(String, String)]
    var body: Data

    /// What every answer carries: never cached, never framed by another page, never sniffed
    /// as another type.
    static let commonHeaders = [
        ("Cache-Control", "no-store"),
        ("X-Content-Type-Options", "nosniff"),
        ("Referrer-Policy", "no-referrer"),
        ("Cross-Origin-Resource-Policy", "same-origin"),
    ]

    init(status: HTTPResponseStatus, contentType: String, body: Data, headers: [(String, String)] = []) {
        self.status = status
        self.headers = [("Content-Type", contentType)] + Self.commonHeaders + headers
        self.body = body
    }

    /// Plain text, for refusals.
    static func text(_ status: HTTPResponseStatus, _ message: String, headers: [(String, String)] = []) -> PlaygroundResponse {
        PlaygroundResponse(status: status, contentType: "text/plain; charset=utf-8", body: Data(message.utf8), headers: headers)
    }

    static func json(_ status: HTTPResponseStatus, _ value: JSONValue) -> PlaygroundResponse {
        PlaygroundResponse(status: status, contentType: "application/json", body: value.encoded())
    }
}
