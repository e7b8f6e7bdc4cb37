#if canImport(Glibc)
import Glibc
#else
import Darwin
#endif
import Foundation

/// A tiny HTTP/1.1 server on 127.0.0.1 for tests, written on raw POSIX sockets so that every
/// byte it sends is the test's choice: it can lie about Content-Length, stall, or never stop.
///
/// Each connection is served on its own `Thread` (never on the cooperative pool): it reads the
/// request head (and a body that declares its `Content-Length`), records it, looks the path up in `routes` and performs that ``Behavior``; one
/// request per connection, answered with `Connection: close`. ``stop()`` closes the listener,
/// shuts every open connection down and wakes every stalled handler; the threads end on their own.
public final class LoopbackServer: @unchecked Sendable {
    // @unchecked: the only mutable state is `state`, touched only while `lock` is held; every
    // other stored property is a `let` of a Sendable type.

    /// What the server does for one path.
    public enum Behavior: Sendable {
        /// A complete response; `Content-Length` is the body's unless `headers` sets one.
        case respond(status: Int, headers: [String: String] = [:], body: Data)
        /// Writes each chunk, pausing `interval` between them; no `Content-Length`, the body
        /// ends when the server closes.
        case chunks(status: Int, headers: [String: String] = [:], [Data], interval: Duration)
        /// Declares `declared` bytes, sends `actual`, then closes.
        case lieAboutLength(declared: Int, actual: Data)
        /// Writes `chunk` again and again (pausing `interval`) until the client goes away or
        /// the server stops.
        case endless(status: Int, headers: [String: String] = [:], chunk: Data, interval: Duration = .milliseconds(2))
        /// Reads the request and never answers.
        case hang
        /// Sends the head (no `Content-Length`) and then nothing.
        case hangAfterHeaders(status: Int, headers: [String: String] = [:])
        /// A redirect to `location`, used as given (a relative path stays relative).
        case redirect(to: String, status: Int = 302)
        /// 304 without a body when `If-None-Match` names `etag`; otherwise 200 with the body,
        /// `ETag`, and `Cache-Control: max-age` when `maxAge` is given.
        case conditional(etag: String, body: Data, maxAge: Int?)
        /// The n-th request for the path gets the n-th behavior; the last one answers every
        /// request after it (an empty list answers 404).
        case sequence([Behavior])
    }

    /// One request as the server read it.
    public struct Request: Hashable, Sendable {
        public var method: String
        /// The request target without its query.
        public var path: String
        /// The request target as sent.
        public var target: String
        /// Header fields, names lowercased.
        public var headers: [String: String]
        /// The body, when the request declared its `Content-Length`; empty otherwise.
        public var body = Data()
    }

    public struct SocketError: Error, CustomStringConvertible {
        public var call: String
        public var code: Int32
        public var description: String { "\(call) failed: \(String(cString: strerror(code)))" }
    }

    private struct State {
        var stopped = false
        var nextConnectionID = 0
        var open: [Int: Int32] = [:]
        var requests: [Request] = []
        var peerDisconnects = 0
        var bytesSent: [String: Int] = [:]
        var finishedConnections = 0
    }

    public let port: UInt16
    public let routes: [String: Behavior]
    private let listener: Int32
    private let stopReader: Int32
    private let stopWriter: Int32
    private let threads = DispatchGroup()
    private let lock = NSLock()
    private var state = State()

    /// `http://127.0.0.1:<port>`.
    public var baseURL: URL { URL(string: "http://127.0.0.1:\(port)")! }

    /// `baseURL` followed by `path`, which starts with `/`.
    public func url(_ path: String) -> URL { URL(string: "http://127.0.0.1:\(port)\(path)")! }

    /// Binds 127.0.0.1 on an ephemeral port and starts accepting.
    ///
    /// - Throws: ``SocketError`` when the socket cannot be set up.
    public init(routes: [String: Behavior]) throws {
        Self.ignoreSIGPIPE
        self.routes = routes
        let fd = socket(AF_INET, socketStream, 0)
        guard fd >= 0 else { throw SocketError(call: "socket", code: errno) }
        Self.closeOnExec(fd)
        var yes: Int32 = 1
        setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &yes, socklen_t(MemoryLayout<Int32>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = 0
        address.sin_addr = in_addr(s_addr: UInt32(0x7F00_0001).bigEndian)
        #if !canImport(Glibc)
        address.sin_len = UInt8(MemoryLayout<sockaddr_in>.size)
        #endif
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let named = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
        }
        guard bound == 0, named == 0, listen(fd, 64) == 0 else {
            let code = errno
            close(fd)
            throw SocketError(call: "bind/listen", code: code)
        }
        var pipeEnds: [Int32] = [0, 0]
        guard pipe(&pipeEnds) == 0 else {
            let code = errno
            close(fd)
            throw SocketError(call: "pipe", code: code)
        }
        Self.closeOnExec(pipeEnds[0])
        Self.closeOnExec(pipeEnds[1])
        listener = fd
        port = UInt16(bigEndian: address.sin_port)
        stopReader = pipeEnds[0]
        stopWriter = pipeEnds[1]
        spawn { $0.acceptLoop() }
    }

    // MARK: - What tests read

    /// Every request read so far, in arrival order.
    public var requests: [Request] { lock.withLock { state.requests } }

    /// How many requests asked for `path`.
    public func requestCount(_ path: String) -> Int { lock.withLock { state.requests.filter { $0.path == path }.count } }

    /// How many bytes (head and body) the server has written in answer to requests for `path`.
    public func bytesSent(_ path: String) -> Int { lock.withLock { state.bytesSent[path, default: 0] } }

    /// How many connections were accepted.
    public var connectionCount: Int { lock.withLock { state.nextConnectionID } }

    /// How many connections the client closed (or reset) while the server was still serving them.
    public var peerDisconnectCount: Int { lock.withLock { state.peerDisconnects } }

    /// How many connection handlers have finished.
    public var finishedConnectionCount: Int { lock.withLock { state.finishedConnections } }

    /// Polls `condition` every 10 ms until it holds or `limit` passes.
    ///
    /// The limit only guards against a hang: the event ends the wait. It is far past anything a
    /// loaded machine takes (a full parallel test run on two cores has stalled 17 s at its
    /// start), so a slow scheduler never fails a test.
    ///
    /// - Returns: whether the condition held in time.
    public func wait(upTo limit: Duration = .seconds(120), until condition: (LoopbackServer) -> Bool) async -> Bool {
        let deadline = ContinuousClock.now + limit
        while ContinuousClock.now < deadline {
            if condition(self) { return true }
            try? await Task.sleep(for: .milliseconds(10))
        }
        return condition(self)
    }

    /// Closes the listener and every open connection, wakes every stalled handler and waits
    /// (up to 5 s) for all threads to end. Safe to call more than once.
    public func stop() {
        let stopping: Bool = lock.withLock {
            if state.stopped { return false }
            state.stopped = true
            // Shut down, not close: the handler still owns its descriptor and closes it itself.
            // Under the lock, because a handler takes its descriptor out of `open` under the lock
            // before closing it: a number still listed here is still this server's. Outside it,
            // the number could already belong to another test's socket and be cut off.
            for fd in state.open.values { shutdown(fd, Int32(SHUT_RDWR)) }
            return true
        }
        guard stopping else { return }
        // Every poll on `stopReader` now wakes, for good: the byte is never read, and the closed
        // write end reports a hang-up too.
        var byte: UInt8 = 1
        _ = write(stopWriter, &byte, 1)
        close(stopWriter)
        // Never wait here: stop() runs in async tests, and blocking a thread of the small
        // cooperative pool would stall every other test. The last handler to finish lets go
        // of the stop pipe.
        let reader = stopReader
        threads.notify(queue: .global()) { close(reader) }
    }

    // MARK: - Accepting

    private static let ignoreSIGPIPE: Void = { signal(SIGPIPE, SIG_IGN) }()

    /// Keeps a descriptor out of processes other tests spawn (the CLI tests run `herald`), where
    /// an inherited copy would hold a connection or the stop pipe open.
    private static func closeOnExec(_ fd: Int32) {
        _ = fcntl(fd, F_SETFD, fcntl(fd, F_GETFD) | FD_CLOEXEC)
    }

    private func spawn(_ body: @escaping @Sendable (LoopbackServer) -> Void) {
        threads.enter()
        let thread = Thread { [self] in
            body(self)
            threads.leave()
        }
        thread.name = "LoopbackServer:\(port)"
        thread.start()
    }

    private func acceptLoop() {
        defer { close(listener) }
        while waitReadable(listener, timeout: -1) {
            let client = accept(listener, nil, nil)
            if client < 0 { continue }
            Self.closeOnExec(client)
            let id: Int? = lock.withLock {
                if state.stopped { return nil }
                let id = state.nextConnectionID
                state.nextConnectionID += 1
                state.open[id] = client
                return id
            }
            guard let id else {
                close(client)
                return
            }
            spawn { $0.serve(client, id: id) }
        }
    }

    /// Waits until `fd` is readable; false once the server is stopping.
    private func waitReadable(_ fd: Int32, timeout: Int32) -> Bool {
        var fds = [pollfd(fd: fd, events: Int16(POLLIN), revents: 0), pollfd(fd: stopReader, events: Int16(POLLIN), revents: 0)]
        while true {
            let ready = poll(&fds, 2, timeout)
            if ready < 0, errno == EINTR { continue }
            if fds[1].revents != 0 || ready < 0 { return false }
            return ready > 0
        }
    }

    /// Sleeps `duration`, or less when the server stops; false once stopping.
    private func pause(_ duration: Duration) -> Bool {
        let milliseconds = Int32(clamping: duration.components.seconds * 1000 + duration.components.attoseconds / 1_000_000_000_000_000)
        var fds = [pollfd(fd: stopReader, events: Int16(POLLIN), revents: 0)]
        _ = poll(&fds, 1, milliseconds)
        return fds[0].revents == 0
    }

    private var isStopped: Bool { lock.withLock { state.stopped } }

    // MARK: - Serving one connection

    private func serve(_ fd: Int32, id: Int) {
        var peerLeft = false
        defer {
            lock.withLock {
                state.open[id] = nil
                state.finishedConnections += 1
                if peerLeft { state.peerDisconnects += 1 }
            }
            close(fd)
        }
        guard let request = readRequest(fd, peerLeft: &peerLeft) else { return }
        let earlier: Int = lock.withLock {
            defer { state.requests.append(request) }
            return state.requests.filter { $0.path == request.path }.count
        }
        perform(routes[request.path] ?? Self.notFound, for: request, number: earlier, on: fd, peerLeft: &peerLeft)
    }

    private static let notFound = Behavior.respond(status: 404, headers: ["Content-Type": "text/plain"], body: Data("not found".utf8))

    /// Answers `request`, the `number`-th (0-based) for its path, as `behavior` says.
    private func perform(_ behavior: Behavior, for request: LoopbackServer.Request, number: Int, on fd: Int32, peerLeft: inout Bool) {
        switch behavior {
        case let .respond(status, headers, body):
            peerLeft = !send(fd, request.path, head(status, headers, contentLength: body.count) + body)
            if !peerLeft { peerLeft = linger(fd) }
        case let .chunks(status, headers, chunks, interval):
            guard send(fd, request.path, head(status, headers, contentLength: nil)) else { peerLeft = true; return }
            for (index, chunk) in chunks.enumerated() {
                if index > 0, !pause(interval) { return }
                guard send(fd, request.path, chunk) else { peerLeft = true; return }
            }
            peerLeft = linger(fd)
        case let .lieAboutLength(declared, actual):
            peerLeft = !send(fd, request.path, head(200, [:], contentLength: declared) + actual)
            if !peerLeft { peerLeft = linger(fd) }
        case let .endless(status, headers, chunk, interval):
            guard send(fd, request.path, head(status, headers, contentLength: nil)) else { peerLeft = true; return }
            while pause(interval) {
                guard send(fd, request.path, chunk) else { peerLeft = true; return }
            }
        case .hang:
            peerLeft = waitForPeerToLeave(fd)
        case let .hangAfterHeaders(status, headers):
            peerLeft = !send(fd, request.path, head(status, headers, contentLength: nil)) || waitForPeerToLeave(fd)
        case let .redirect(location, status):
            peerLeft = !send(fd, request.path, head(status, ["Location": location], contentLength: 0))
            if !peerLeft { peerLeft = linger(fd) }
        case let .conditional(etag, body, maxAge):
            var headers = ["ETag": etag]
            if let maxAge { headers["Cache-Control"] = "max-age=\(maxAge)" }
            let asked = request.headers["if-none-match"]?.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) } ?? []
            if asked.contains(etag) || asked.contains("*") {
                peerLeft = !send(fd, request.path, head(304, headers, contentLength: nil))
            } else {
                peerLeft = !send(fd, request.path, head(200, headers, contentLength: body.count) + body)
            }
            if !peerLeft { peerLeft = linger(fd) }
        case let .sequence(behaviors):
            let next = behaviors.isEmpty ? Self.notFound : behaviors[min(number, behaviors.count - 1)]
            perform(next, for: request, number: number, on: fd, peerLeft: &peerLeft)
        }
    }

    /// Reads up to the blank line that ends the head (at most 64 KiB), then as many body bytes
    /// as `Content-Length` declares (at most 16 MiB; a chunked body is not read).
    private func readRequest(_ fd: Int32, peerLeft: inout Bool) -> Request? {
        var received = Data()
        let blankLine = Data("\r\n\r\n".utf8)
        var buffer = [UInt8](repeating: 0, count: 4096)
        while received.range(of: blankLine) == nil {
            guard received.count < 65536, waitReadable(fd, timeout: -1) else { return nil }
            let count = recv(fd, &buffer, buffer.count, 0)
            if count < 0, errno == EINTR { continue }
            guard count > 0 else {
                peerLeft = true
                return nil
            }
            received.append(contentsOf: buffer[0..<count])
        }
        let blank = received.range(of: blankLine)!
        let headEnd = blank.lowerBound
        let lines = String(decoding: received[..<headEnd], as: UTF8.self).components(separatedBy: "\r\n")
        let requestLine = lines[0].split(separator: " ", omittingEmptySubsequences: true).map(String.init)
        guard requestLine.count >= 2 else { return nil }
        var headers: [String: String] = [:]
        for line in lines.dropFirst() {
            guard let colon = line.firstIndex(of: ":") else { continue }
            let name = line[..<colon].lowercased()
            let value = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
            headers[name] = headers[name].map { "\($0), \(value)" } ?? value
        }
        let target = requestLine[1]
        let path = target.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false).first.map(String.init) ?? target
        var request = Request(method: requestLine[0], path: path, target: target, headers: headers)
        let declared = headers["content-length"].flatMap { Int($0) } ?? 0
        guard declared > 0, declared <= 16 << 20 else { return request }
        var body = Data(received[blank.upperBound...])
        while body.count < declared {
            guard waitReadable(fd, timeout: -1) else { return nil }
            let count = recv(fd, &buffer, min(buffer.count, declared - body.count), 0)
            if count < 0, errno == EINTR { continue }
            guard count > 0 else {
                peerLeft = true
                return nil
            }
            body.append(contentsOf: buffer[0..<count])
        }
        request.body = body.prefix(declared)
        return request
    }

    private func head(_ status: Int, _ headers: [String: String], contentLength: Int?) -> Data {
        var text = "HTTP/1.1 \(status) \(Self.reason(status))\r\n"
        let names = Set(headers.keys.map { $0.lowercased() })
        for (name, value) in headers.sorted(by: { $0.key < $1.key }) {
            text += "\(name): \(value)\r\n"
        }
        if let contentLength, !names.contains("content-length") { text += "Content-Length: \(contentLength)\r\n" }
        if !names.contains("connection") { text += "Connection: close\r\n" }
        return Data((text + "\r\n").utf8)
    }

    /// Writes all of `data`, counting it for `path`; false when the client has gone away (or the
    /// server stopped).
    private func send(_ fd: Int32, _ path: String, _ data: Data) -> Bool {
        data.withUnsafeBytes { raw in
            var offset = 0
            while offset < raw.count {
                let sent = sendBytes(fd, raw.baseAddress! + offset, raw.count - offset)
                if sent < 0, errno == EINTR { continue }
                if sent <= 0 { return false }
                offset += sent
                lock.withLock { state.bytesSent[path, default: 0] += sent }
            }
            return true
        }
    }

    private func sendBytes(_ fd: Int32, _ bytes: UnsafeRawPointer, _ count: Int) -> Int {
        #if canImport(Glibc)
        Glibc.send(fd, bytes, count, Int32(MSG_NOSIGNAL))
        #else
        Darwin.send(fd, bytes, count, 0)
        #endif
    }

    /// After a complete answer: half-closes, then waits (up to 2 s) for the client to close, so
    /// the close never races the client's read. Returns whether the client closed.
    private func linger(_ fd: Int32) -> Bool {
        shutdown(fd, Int32(SHUT_WR))
        var buffer = [UInt8](repeating: 0, count: 4096)
        let deadline = ContinuousClock.now + .seconds(2)
        while ContinuousClock.now < deadline, !isStopped {
            guard waitReadable(fd, timeout: 100) else { continue }
            let count = recv(fd, &buffer, buffer.count, 0)
            if count < 0, errno == EINTR { continue }
            if count <= 0 { return !isStopped }
        }
        return false
    }

    /// Reads and discards until the client closes (true) or the server stops (false).
    private func waitForPeerToLeave(_ fd: Int32) -> Bool {
        var buffer = [UInt8](repeating: 0, count: 4096)
        while waitReadable(fd, timeout: -1) {
            let count = recv(fd, &buffer, buffer.count, 0)
            if count < 0, errno == EINTR { continue }
            if count <= 0 { return !isStopped }
        }
        return false
    }

    private static func reason(_ status: Int) -> String {
        switch status {
        case 200: "OK"
        case 301: "Moved Permanently"
        case 302: "Found"
        case 303: "See Other"
        case 304: "Not Modified"
        case 307: "Temporary Redirect"
        case 308: "Permanent Redirect"
        case 400: "Bad Request"
        case 401: "Unauthorized"
        case 404: "Not Found"
        case 429: "Too Many Requests"
        case 500: "Internal Server Error"
        case 503: "Service Unavailable"
        default: "Status"
        }
    }
}

#if canImport(Glibc)
private let socketStream = Int32(SOCK_STREAM.rawValue)
#else
private let socketStream = SOCK_STREAM
#endif
