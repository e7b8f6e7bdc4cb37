import NIOHTTP2

/// Something the server sent that ends the connection: this client answers with GOAWAY and `code`.
struct HTTP2ConnectionError: Error, CustomStringConvertible {
    let code: HTTP2ErrorCode
    let message: String

    init(_ code: HTTP2ErrorCode, _ message: String) {
        self.code = code
        self.message = message
    }

    var description: String { "\(message) (\(code))" }
}
