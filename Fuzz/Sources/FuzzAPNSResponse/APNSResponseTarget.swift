import Foundation
import FuzzSupport
import HeraldAPNs

/// An answer as Herald's APNs client reads it: ``APNSResponse/init(wire:)``.
///
/// Input, as text: the status on the first line, then one header a line (`name: value`) up to
/// an empty line, then the body. Reading is lenient, so what is read need not write back
/// exactly (a timestamp without a reason is not written); but what the emulator writes
/// (``APNSResponse/wireResponse``) must read back as itself.
@main
enum APNSResponseTarget: FuzzTarget {
    static func main() { Fuzzer.main(self) { Fuzzer.test(APNSResponseTarget.self, $0, $1) } }

    static func run(_ input: inout FuzzInput) {
        let status = Int(input.line().trimmingCharacters(in: .whitespaces)) ?? 0
        var headers: [APNSHeader] = []
        while !input.isEmpty {
            let line = input.line()
            if line.isEmpty { break }
            let colon = line.firstIndex(of: ":") ?? line.endIndex
            headers.append(APNSHeader(String(line[..<colon]), String(line[colon...].dropFirst().drop { $0 == " " })))
        }
        let response = APNSResponse(wire: APNSWireResponse(status: status, headers: headers, body: Data(input.rest())))
        _ = response.isSuccess
        let written = APNSResponse(wire: response.wireResponse)
        require(APNSResponse(wire: written.wireResponse) == written, "a response the emulator writes does not read back as itself: \(written)")
    }

    /// Answers as the emulator writes them: success, and a refusal for every reason.
    static var seeds: [(name: String, bytes: [UInt8])] {
        let id = UUID(uuidString: "7B2D9A6C-1F3E-4C5D-8A9B-0C1D2E3F4A5B")
        var responses = [APNSResponse(status: 200, apnsID: id, uniqueID: "a1b2c3d4-0000-4000-8000-000000000001")]
        responses += APNSErrorReason.statusByReason.keys.sorted { $0.rawValue < $1.rawValue }.map { reason in
            APNSResponse(refusing: reason, apnsID: id, timestamp: reason == .unregistered ? Date(timeIntervalSince1970: 1_700_000_000.123) : nil)
        }
        return responses.enumerated().map { index, response in
            let wire = response.wireResponse
            var text = "\(wire.status)\n"
            for header in wire.headers { text += "\(header.name): \(header.value)\n" }
            return (name: "response-\(index)", bytes: Array((text + "\n").utf8) + Array(wire.body))
        }
    }
}
