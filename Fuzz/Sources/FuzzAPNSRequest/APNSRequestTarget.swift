import Foundation
import FuzzSupport
import HeraldAPNs
import HeraldSending

/// A request as the APNs emulator receives it: ``APNSRequest/init(parsing:)``.
///
/// Input, as text: the method on the first line, the path on the second, then one header a
/// line (`name: value`) up to an empty line, then the body. A request that parses must write
/// back (``APNSRequest/wireRequest(authorization:)``) into the same request, and so pass
/// ``APNSRequest/validate()``, which the client runs before sending.
@main
enum APNSRequestTarget: FuzzTarget {
    static func main() { Fuzzer.main(self) { Fuzzer.test(APNSRequestTarget.self, $0, $1) } }

    static func run(_ input: inout FuzzInput) {
        let wire = wireRequest(&input)
        let request: APNSRequest
        do {
            request = try APNSRequest(parsing: wire)
        } catch {
            _ = error.description
            return
        }
        let again = Result { () throws(APNSRequestError) in try APNSRequest(parsing: request.wireRequest(authorization: "token")) }
        require(again == .success(request), "the request does not read back from its own wire form: \(again)")
    }

    static func wireRequest(_ input: inout FuzzInput) -> APNSWireRequest {
        let method = input.line()
        let path = input.line()
        var headers: [APNSHeader] = []
        while !input.isEmpty {
            let line = input.line()
            if line.isEmpty { break }
            let colon = line.firstIndex(of: ":") ?? line.endIndex
            let value = line[colon...].dropFirst().drop { $0 == " " }
            headers.append(APNSHeader(String(line[..<colon]), String(value)))
        }
        return APNSWireRequest(method: method, path: path, headers: headers, body: Data(input.rest()))
    }

    /// Requests as Herald's client writes them, one per push type, plus a background one.
    static var seeds: [(name: String, bytes: [UInt8])] {
        let token = DeviceToken(String(repeating: "ab", count: 32))!
        let body = Data(#"{"aps":{"alert":{"title":"Ada","body":"Lunch?"},"mutable-content":1},"sender_name":"Ada"}"#.utf8)
        var requests = APNSPushType.known.map { type in
            APNSRequest(
                deviceToken: token, topic: "com.example.app" + (type.topicSuffix ?? ""), pushType: type,
                priority: type.requiredPriority ?? .immediately, expiration: 1_800_000_000,
                collapseID: "thread-1", apnsID: UUID(uuidString: "7B2D9A6C-1F3E-4C5D-8A9B-0C1D2E3F4A5B"), payload: body)
        }
        requests.append(APNSRequest(deviceToken: token, topic: "com.example.app", pushType: .alert, payload: Data(#"{"aps":{"content-available":1}}"#.utf8)))
        return requests.enumerated().map { index, request in
            let wire = request.wireRequest(authorization: "eyJhbGciOiJFUzI1NiJ9.e30.c2ln")
            var text = "\(wire.method)\n\(wire.path)\n"
            for header in wire.headers { text += "\(header.name): \(header.value)\n" }
            return (name: "request-\(index)", bytes: Array((text + "\n").utf8) + Array(wire.body))
        }
    }
}
