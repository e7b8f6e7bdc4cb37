import Foundation
import FuzzSupport
import HeraldCore
import HeraldDesk

/// A push payload as the phone and `herald lint`/`preview` read it: the JSON parser, layout
/// detection, decoding with every built-in layout, the preview, lint, the `userInfo` bridge, and
/// the conversion of a provider's request body.
///
/// Beyond not crashing, it checks what Herald promises for every payload: the compact
/// encoding parses back to the same value and is `byteCount` bytes long; a parsed payload
/// bridges to `userInfo` and back without error; and each layout's `decode(encode(message))`
/// gives the decoded message back, normalized.
@main
enum PayloadTarget: FuzzTarget {
    static func main() { Fuzzer.main(self) { Fuzzer.test(PayloadTarget.self, $0, $1) } }

    static func run(_ input: inout FuzzInput) {
        let payload: Payload
        do {
            payload = try Payload(data: input.rest())
        } catch {
            _ = Linter.finding(for: error)
            return
        }
        checkEncoding(payload)
        checkUserInfo(payload)
        if let request = ProviderRequest(payload.json) {
            checkConversion(request)
        }
        let detected = Preview(payload: payload)
        _ = Linter.lint(payload, preview: detected)
        for layout in Layout.builtIn {
            let preview = Preview(payload: payload, layout: layout)
            _ = Linter.lint(payload, preview: preview)
            checkRoundTrip(preview.message, layout: layout)
        }
    }

    static func checkEncoding(_ payload: Payload) {
        let compact = payload.json.encoded()
        require(compact.count == payload.byteCount, "byteCount \(payload.byteCount) but the compact encoding is \(compact.count) bytes")
        require((try? JSONValue(parsing: compact)) == payload.json, "the compact encoding does not parse back to the same value")
        require((try? JSONValue(parsing: payload.json.encoded(.pretty))) == payload.json, "the pretty encoding does not parse back to the same value")
    }

    /// What iOS hands the extension is `userInfo`, not bytes: a payload the parser accepts is one
    /// the bridge accepts too (same depth limit, only JSON types).
    static func checkUserInfo(_ payload: Payload) {
        guard let userInfo = payload.json.foundationObject as? [AnyHashable: Any] else { return }
        do {
            let bridged = try Payload(userInfo: userInfo)
            _ = Preview(payload: bridged)
        } catch {
            require(false, "a parsed payload does not bridge back from userInfo: \(error)")
        }
    }

    /// A provider's request body converts to a payload with an `aps` object, lints, and says
    /// first how it was converted; or it is refused with a reason.
    static func checkConversion(_ request: ProviderRequest) {
        do {
            let conversion = try request.convert()
            require(conversion.payload["aps"]?.objectValue != nil, "a \(request.provider) conversion has no aps object")
            require(conversion.decisions.first?.code == .requestConverted, "a \(request.provider) conversion does not begin with its summary")
            let converted = Payload(json: conversion.payload)
            _ = Linter.lint(converted, preview: Preview(payload: converted), conversion: conversion)
        } catch {
            require(!error.message.isEmpty, "a \(request.provider) refusal gives no reason")
        }
    }

    static func checkRoundTrip(_ message: Message, layout: Layout) {
        let decoded = layout.decode(layout.encode(message)).message
        require(decoded == message.normalized, "layout \(layout.name): decode(encode(message)) is \(decoded), not \(message.normalized)")
    }
}
