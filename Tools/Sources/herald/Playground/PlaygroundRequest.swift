import Foundation
import NIOHTTP1

/// A request to the playground, read whole.
struct PlaygroundRequest: Sendable {
    var method: HTTPMethod
    /// The path, without the query.
    var path: String
    var headers: HTTPHeaders
    var body: Data

    init(method: HTTPMethod, path: String, headers: HTTPHeaders, body: Data = Data()) {
        self.method = method
        self.path = path
        self.headers = headers
        self.body = body
    }

    init(head: HTTPRequestHead, body: Data) {
        let path = head.uri.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false).first.map(String.init) ?? head.uri
        self.init(method: head.method, path: path, headers: head.headers, body: body)
    }
}
