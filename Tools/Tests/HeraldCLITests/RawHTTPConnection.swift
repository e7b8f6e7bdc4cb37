import Foundation

#if canImport(Glibc)
import Glibc
private let socketStream = Int32(SOCK_STREAM.rawValue)
#else
import Darwin
private let socketStream = SOCK_STREAM
#endif

/// One TCP connection to a loopback port speaking HTTP/1.1 by hand, so a test can send what a
/// browser would not (another Host, a foreign Origin, a body over the cap) and see whether the
/// server closed the connection. Every call blocks, so each runs off the cooperative pool.
final class RawHTTPConnection: @unchecked Sendable {
    // @unchecked: `fd` is set in init and only read; `buffer` is touched only while `lock` is
    // held, which every blocking operation holds from start to end.
    private let fd: Int32
    private let lock = NSLock()
    private var buffer = Data()

    struct Response {
        let status: Int
        /// By lowercased name.
        let headers: [String: String]
        let body: Data

        var text: String { String(decoding: body, as: UTF8.self) }
    }

    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    /// Connects to 127.0.0.1:`port`; every read waits at most 30 seconds.
    ///
    /// - Parameter first: bytes sent at once on this thread, before anything can delay them:
    ///   for a server that closes a silent connection within milliseconds (a hop to a busy
    ///   Dispatch pool took longer than that under a loaded machine).
    init(port: Int, sending first: Data? = nil) throws {
        fd = socket(AF_INET, socketStream, 0)
        guard fd >= 0 else { throw Failure(description: "socket: errno \(errno)") }
        var timeout = timeval(tv_sec: 30, tv_usec: 0)
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard connected == 0 else {
            let code = errno
            close(fd)
            throw Failure(description: "connect: errno \(code)")
        }
        if let first { try sendAll(first) }
    }

    deinit { close(fd) }

    /// A request's bytes: the request line, the headers as given (no Host unless given), and
    /// the body with its Content-Length.
    static func request(_ method: String, _ path: String, headers: [(String, String)], body: Data = Data()) -> Data {
        var head = "\(method) \(path) HTTP/1.1\r\n"
        for (name, value) in headers { head += "\(name): \(value)\r\n" }
        if !body.isEmpty || method == "POST" { head += "Content-Length: \(body.count)\r\n" }
        return Data((head + "\r\n").utf8) + body
    }

    /// Sends `data` and reads one response.
    ///
    /// - Parameter bodiless: the answer to a HEAD request: a Content-Length but no body.
    func exchange(_ data: Data, bodiless: Bool = false) async throws -> Response {
        try await offPool {
            try self.sendAll(data)
            return try self.readResponse(bodiless: bodiless)
        }
    }

    /// Reads one response to what was sent already.
    func response() async throws -> Response {
        try await offPool { try self.readResponse(bodiless: false) }
    }

    /// Sends `data` and reads nothing: part of a request, left unfinished.
    func sendPart(_ data: Data) async throws {
        try await offPool { try self.sendAll(data) }
    }

    /// Whether the server closes the connection within 30 seconds, sending nothing more.
    func closedByServer() async -> Bool {
        (try? await offPool { () throws -> Bool in
            var byte: UInt8 = 0
            return recv(self.fd, &byte, 1, 0) == 0
        }) ?? false
    }

    /// Whether the server has closed the connection already, without waiting.
    func isClosedByServer() async -> Bool {
        (try? await offPool { () throws -> Bool in
            var byte: UInt8 = 0
            return recv(self.fd, &byte, 1, Int32(MSG_DONTWAIT)) == 0
        }) ?? false
    }

    private func offPool<T: Sendable>(_ work: @escaping @Sendable () throws -> T) async throws -> T {
        try await withCheckedThrowingContinuation { continuation in
            DispatchQueue.global().async { continuation.resume(with: Result { try self.lock.withLock { try work() } }) }
        }
    }

    private func sendAll(_ data: Data) throws {
        try data.withUnsafeBytes { raw in
            var offset = 0
            while offset < raw.count {
                let sent = send(fd, raw.baseAddress! + offset, raw.count - offset, Int32(MSG_NOSIGNAL))
                guard sent > 0 else { throw Failure(description: "send: errno \(errno)") }
                offset += sent
            }
        }
    }

    private func fill() throws {
        var chunk = [UInt8](repeating: 0, count: 65536)
        let count = recv(fd, &chunk, chunk.count, 0)
        guard count > 0 else { throw Failure(description: count == 0 ? "the server closed the connection" : "recv: errno \(errno)") }
        buffer.append(contentsOf: chunk[0..<count])
    }

    private func readResponse(bodiless: Bool = false) throws -> Response {
        let separator = Data("\r\n\r\n".utf8)
        while buffer.range(of: separator) == nil { try fill() }
        let end = buffer.range(of: separator)!
        let lines = String(decoding: buffer[..<end.lowerBound], as: UTF8.self).components(separatedBy: "\r\n")
        buffer = Data(buffer[end.upperBound...])
        let statusWords = lines[0].split(separator: " ")
        guard statusWords.count >= 2, let status = Int(statusWords[1]) else { throw Failure(description: "no status line: \(lines[0])") }
        var headers: [String: String] = [:]
        for line in lines.dropFirst() {
            guard let colon = line.firstIndex(of: ":") else { continue }
            headers[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        }
        let length = bodiless ? 0 : Int(headers["content-length"] ?? "0") ?? 0
        while buffer.count < length { try fill() }
        let body = Data(buffer.prefix(length))
        buffer = Data(buffer.dropFirst(length))
        return Response(status: status, headers: headers, body: body)
    }
}
