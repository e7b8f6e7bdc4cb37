import Foundation
import HeraldAPNs
import HeraldCore
import HeraldSending
import Testing

@Suite struct APNSRequestTests {
    static let token = DeviceToken("a1b2c3d4e5f60718293a4b5c6d7e8f90a1b2c3d4e5f60718293a4b5c6d7e8f90")!
    static let body = Data(#"{"aps":{"alert":"hi","mutable-content":1}}"#.utf8)

    static func request(_ change: (inout APNSRequest) -> Void = { _ in }) -> APNSRequest {
        var request = APNSRequest(deviceToken: token, topic: "com.example.chat", payload: body)
        change(&request)
        return request
    }

    @Test func headersAreWrittenOnceAndReadBackTheSame() throws {
        let id = UUID()
        let request = Self.request {
            $0.priority = .immediately
            $0.expiration = 0
            $0.collapseID = "conv-1"
            $0.apnsID = id
        }
        let wire = request.wireRequest(authorization: "jwt")
        #expect(wire.method == "POST")
        #expect(wire.path == "/3/device/\(Self.token.hex)")
        #expect(wire.headers.first(named: "authorization") == "bearer jwt")
        #expect(wire.headers.first(named: "apns-id") == id.uuidString.lowercased())
        #expect(wire.headers.first(named: "apns-priority") == "10")
        #expect(wire.headers.first(named: "apns-expiration") == "0")
        #expect(Set(wire.headers.map(\.name)).count == wire.headers.count)
        #expect(try APNSRequest(parsing: wire) == request)
    }

    @Test func randomIDsAreVersion4AndDistinct() {
        var generator = SystemRandomNumberGenerator()
        let ids = (0..<100).map { _ in UUID.version4(using: &generator) }
        #expect(Set(ids).count == 100)
        for id in ids {
            let text = id.uuidString.lowercased()
            #expect(Array(text)[14] == "4")
            #expect("89ab".contains(Array(text)[19]))
        }
    }

    /// The id is the generator's 128 bits, in order, but for the 4 of the version and the 2 of
    /// the variant: none lost, none taken from elsewhere.
    @Test func aVersion4IDKeepsEveryRandomBitButTheSixItSets() {
        for seed in 0..<20 as Range<UInt64> {
            var generator = SeededGenerator(seed: seed)
            var replay = generator
            let id = UUID.version4(using: &generator)
            let drawn = [replay.next() as UInt64, replay.next() as UInt64]
            var digits = Array(drawn.map { String(repeating: "0", count: 16 - String($0, radix: 16).count) + String($0, radix: 16) }.joined())
            digits[12] = "4"
            digits[16] = Array("89ab")[Int(String(digits[16]), radix: 16)! & 0x3]
            #expect(id.uuidString.lowercased().filter { $0 != "-" } == String(digits), "seed \(seed)")
        }
    }

    @Test func anEndpointWithATrailingSlashStillMakesTheRightPath() {
        let endpoint = APNSEndpoint(url: URL(string: "https://127.0.0.1:2197/")!)
        #expect(endpoint.url.absoluteString + Self.request().path == "https://127.0.0.1:2197/3/device/\(Self.token.hex)")
    }

    @Test func deviceTokensAreHexBytes() {
        #expect(DeviceToken("<A1B2 C3D4>")?.hex == "a1b2c3d4")
        #expect(DeviceToken("a1b") == nil)
        #expect(DeviceToken("zz") == nil)
        #expect(DeviceToken("  <> ") == nil)  // nothing but what is ignored
        #expect(DeviceToken("") == nil)
        #expect(DeviceToken("A1\tB2")?.hex == "a1b2")
        #expect(DeviceToken("a1é2") == nil)
        // The check without a token agrees with the parse.
        for text in ["<A1B2 C3D4>", "a1b", "zz", "  <> ", "", "A1\tB2", "a1é2", "00", "0"] {
            #expect(DeviceToken.isToken(text) == (DeviceToken(text) != nil), "\(text)")
        }
    }

    struct Case: Sendable, CustomStringConvertible {
        let description: String
        let reason: APNSErrorReason
        let change: @Sendable (inout APNSRequest) -> Void
    }

    @Test(arguments: [
        Case(description: "collapse id of 65 bytes", reason: .badCollapseID) { $0.collapseID = String(repeating: "c", count: 65) },
        Case(description: "background at priority 10", reason: .badPriority) { $0.pushType = .background; $0.priority = .immediately },
        Case(description: "background without priority", reason: .badPriority) { $0.pushType = .background },
        Case(description: "undocumented priority", reason: .badPriority) { $0.priority = APNSPriority(rawValue: 7) },
        Case(description: "voip topic without .voip", reason: .badTopic) { $0.pushType = .voip },
        Case(description: "live activity topic without suffix", reason: .badTopic) { $0.pushType = .liveActivity },
        Case(description: "empty topic", reason: .missingTopic) { $0.topic = "" },
        Case(description: "unknown push type", reason: .invalidPushType) { $0.pushType = APNSPushType(rawValue: "hologram") },
        Case(description: "empty body", reason: .payloadEmpty) { $0.payload = Data() },
        Case(description: "4097-byte alert", reason: .payloadTooLarge) { $0.payload = Data(count: 4097) },
        Case(description: "negative expiration", reason: .badExpirationDate) { $0.expiration = -1 },
        Case(description: "topic with a line break", reason: .badTopic) { $0.topic = "com.example.chat\n" },
        Case(description: "topic with a space", reason: .badTopic) { $0.topic = "com.example chat" },
        Case(description: "collapse id with a line break", reason: .badCollapseID) { $0.collapseID = "thread\r\n1" },
        Case(description: "content-available only, priority 10", reason: .badPriority) {
            $0.payload = Data(#"{"aps":{"content-available":1},"sync":"inbox"}"#.utf8)
            $0.priority = .immediately
        },
        Case(description: "content-available only, no priority", reason: .badPriority) { $0.payload = Data(#"{"aps":{"content-available":1}}"#.utf8) },
    ])
    func validationRefusesWhatAPNsWouldRefuse(_ bad: Case) {
        var request = Self.request()
        bad.change(&request)
        #expect(throws: APNSRequestError.self) { try request.validate() }
        do {
            try request.validate()
        } catch {
            #expect(error.reason == bad.reason)
        }
    }

    /// The parser refuses with HeraldSending's rules, which lint and `herald send apns` read:
    /// the same violation, with the reason APNs gives for it.
    @Test func pushTypePriorityAndSizeAreRefusedByTheSharedRules() {
        func refusal(_ change: (inout APNSRequest) -> Void) -> APNSRequestError? {
            do { try Self.request(change).validate(); return nil } catch { return error }
        }
        let cases: [(APNSRuleViolation, APNSErrorReason, (inout APNSRequest) -> Void)] = [
            (.unknownPushType(APNSPushType(rawValue: "hologram")), .invalidPushType, { $0.pushType = APNSPushType(rawValue: "hologram") }),
            (.unknownPriority("7"), .badPriority, { $0.priority = APNSPriority(rawValue: 7) }),
            (.priorityNotAllowed(pushType: .background, priority: nil, required: .considerPower), .badPriority, { $0.pushType = .background }),
            (.priorityNotAllowed(pushType: .background, priority: .low, required: .considerPower), .badPriority, { $0.pushType = .background; $0.priority = .low }),
            (.payloadTooLarge(byteCount: 4097, pushType: .alert), .payloadTooLarge, { $0.payload = Data(count: 4097) }),
            (.contentAvailableAtImmediatePriority, .badPriority, { $0.payload = Data(#"{"aps":{"content-available":1}}"#.utf8) }),
        ]
        for (violation, reason, change) in cases {
            #expect(refusal(change) == APNSRequestError(violation), "\(violation)")
            #expect(APNSRequestError(violation).reason == reason)
            #expect(APNSRequestError(violation).message == violation.description)
        }
    }

    @Test func rulesThatHoldAreAccepted() throws {
        try Self.request { $0.pushType = .background; $0.priority = .considerPower }.validate()
        try Self.request { $0.pushType = .voip; $0.topic = "com.example.chat.voip"; $0.payload = Data(count: 5120) }.validate()
        try Self.request { $0.collapseID = String(repeating: "c", count: 64) }.validate()
        // Priority 10 is for what alerts: content-available beside an alert may use it, alone it needs 5.
        try Self.request { $0.payload = Data(#"{"aps":{"content-available":1,"alert":"hi"}}"#.utf8) }.validate()
        try Self.request { $0.payload = Data(#"{"aps":{"content-available":1}}"#.utf8); $0.priority = .considerPower }.validate()
    }

    @Test func theServerSideCatchesWhatAClientCannotSend() {
        func reason(_ wire: APNSWireRequest) -> APNSErrorReason? {
            do { _ = try APNSRequest(parsing: wire); return nil } catch { return error.reason }
        }
        var wire = Self.request().wireRequest(authorization: "jwt")
        wire.method = "GET"
        #expect(reason(wire) == .methodNotAllowed)
        wire = Self.request().wireRequest(authorization: "jwt")
        wire.path = "/3/device/"
        #expect(reason(wire) == .missingDeviceToken)
        wire.path = "/3/device/not-hex"
        #expect(reason(wire) == .badDeviceToken)
        wire.path = "/3/device/<abcd>"  // what DeviceToken forgives in an app's printout, a path may not hold
        #expect(reason(wire) == .badDeviceToken)
        wire.path = "/3/device/ab%20cd"
        #expect(reason(wire) == .badDeviceToken)
        wire.path = "/2/device/abcd"
        #expect(reason(wire) == .badPath)
        wire = Self.request().wireRequest(authorization: "jwt")
        wire.headers.append(APNSHeader("apns-topic", "com.example.other"))
        #expect(reason(wire) == .duplicateHeaders)
        wire = Self.request().wireRequest(authorization: "jwt")
        wire.headers.append(APNSHeader("apns-id", "6E43E5D0-2B9C-4C4A-9A4E-0B1E3A9C8F11-x"))
        #expect(reason(wire) == .badMessageID)
    }
}

@Suite struct APNSResponseTests {
    @Test func aRefusalTravelsAndIsReadBack() {
        let id = UUID()
        let gone = APNSResponse(refusing: .unregistered, apnsID: id, timestamp: Date(timeIntervalSince1970: 1_700_000_000.123))
        #expect(gone.status == 410)
        let wire = gone.wireResponse
        #expect(String(decoding: wire.body, as: UTF8.self) == #"{"reason":"Unregistered","timestamp":1700000000123}"#)
        let read = APNSResponse(wire: wire)
        #expect(read.reason == .unregistered)
        #expect(read.apnsID == id)
        #expect(read.timestamp.map { ($0.timeIntervalSince1970 * 1000).rounded() } == 1_700_000_000_123)
        #expect(read.reason?.meansDeleteToken == true)
    }

    /// Found by fuzzing: a timestamp of 1e300 s trapped while the body was written.
    @Test(arguments: [1e300, -1e300, .infinity, .nan, -0.001, 253_402_300_800, 9.3e15])
    func aTimestampOutsideTheYears1970To9999IsLeftOut(_ seconds: TimeInterval) {
        let wire = APNSResponse(refusing: .unregistered, timestamp: Date(timeIntervalSince1970: seconds)).wireResponse
        #expect(String(decoding: wire.body, as: UTF8.self) == #"{"reason":"Unregistered"}"#)
        #expect(APNSResponse(wire: wire).timestamp == nil)
    }

    @Test(arguments: ["1e400", "-1e400", "1e300", "-5", "-1", "253402300800000", "9223372036854775808"])
    func aTimestampOutsideTheYears1970To9999IsIgnoredWhenRead(_ milliseconds: String) {
        let body = Data(#"{"reason":"Unregistered","timestamp":\#(milliseconds)}"#.utf8)
        let read = APNSResponse(wire: APNSWireResponse(status: 410, headers: [], body: body))
        #expect(read.reason == .unregistered)
        #expect(read.timestamp == nil)
    }

    @Test func theFirstAndLastTimestampsThatTravelAreKept() {
        for milliseconds: Int64 in [0, 253_402_300_799_999] {
            let body = Data(#"{"reason":"Unregistered","timestamp":\#(milliseconds)}"#.utf8)
            let read = APNSResponse(wire: APNSWireResponse(status: 410, headers: [], body: body))
            #expect(read.timestamp == Date(timeIntervalSince1970: Double(milliseconds) / 1000))
            #expect(read.wireResponse.body == body)
        }
    }

    @Test func anUnknownReasonSurvivesAsItsString() {
        let read = APNSResponse(wire: APNSWireResponse(status: 400, headers: [], body: Data(#"{"reason":"NewInIOS27"}"#.utf8)))
        #expect(read.reason?.rawValue == "NewInIOS27")
        #expect(read.reason?.status == nil)
    }

    @Test func aBodyThatIsNotJSONKeepsTheStatus() {
        let read = APNSResponse(wire: APNSWireResponse(status: 502, headers: [], body: Data("<html>bad gateway</html>".utf8)))
        #expect(read.status == 502 && read.reason == nil && !read.isSuccess)
    }

    @Test func everyReasonHasTheStatusOfTheReferenceTable() {
        #expect(APNSErrorReason.badDeviceToken.status == 400)
        #expect(APNSErrorReason.expiredProviderToken.status == 403)
        #expect(APNSErrorReason.badPath.status == 404)
        #expect(APNSErrorReason.methodNotAllowed.status == 405)
        #expect(APNSErrorReason.expiredToken.status == 410)
        #expect(APNSErrorReason.payloadTooLarge.status == 413)
        #expect(APNSErrorReason.tooManyRequests.status == 429)
        #expect(APNSErrorReason.internalServerError.status == 500)
        #expect(APNSErrorReason.shutdown.status == 503)
        #expect(APNSErrorReason.statusByReason.count == 32)
    }
}

@Suite struct UUIDTextTests {
    @Test func writesAndReadsWhatFoundationDoes() throws {
        var generator = SeededGenerator(seed: 11)
        for _ in 0..<500 {
            let id = UUID.version4(using: &generator)
            #expect(id.lowercasedText == id.uuidString.lowercased())
            #expect(UUID(text: id.lowercasedText) == id)
            #expect(UUID(text: id.uuidString) == id)  // upper case too
        }
    }

    @Test(arguments: [
        "", "6e43e5d0-2b9c-4c4a-9a4e-0b1e3a9c8f1", "6e43e5d0-2b9c-4c4a-9a4e-0b1e3a9c8f111", "6e43e5d02b9c-4c4a-9a4e-0b1e3a9c8f11a",
        "6e43e5d0-2b9c-4c4a-9a4e_0b1e3a9c8f11", "6e43e5d0-2b9c-4c4a-9a4e-0b1e3a9c8f1g", "{6e43e5d0-2b9c-4c4a-9a4e-0b1e3a9c8f}",
        "6e43e5d0-2b9c-4c4a-9a4é-0b1e3a9c8f11",
    ])
    func refusesAnythingElse(_ text: String) {
        #expect(UUID(text: text) == nil)
        #expect(UUID(uuidString: text) == nil)  // Foundation agrees
    }
}

@Suite struct APNSHeaderTests {
    @Test func namesMatchIgnoringTheCaseOfLettersOnly() {
        let headers = [
            APNSHeader("Retry-After", "1"), APNSHeader("retry-after", "2"), APNSHeader("retry\rafter", "3"),
            APNSHeader("retry-afte", "4"), APNSHeader("RETRY-AFTER", "5"), APNSHeader("retry_after", "6"),
        ]
        #expect(headers.values(named: "retry-after") == ["1", "2", "5"])
        #expect(headers.first(named: "RETRY-after") == "1")
        #expect(headers.first(named: "apns-id") == nil)
    }
}
