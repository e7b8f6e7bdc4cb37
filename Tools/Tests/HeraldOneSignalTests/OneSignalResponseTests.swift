import Foundation
import HeraldCore
import HeraldOneSignal
import Testing

@Suite struct OneSignalResponseTests {
    let key = UUID()
    let now = Date(timeIntervalSince1970: 1_700_000_000)

    func interpret(_ status: Int, _ body: String, headers: [String: String] = [:]) -> Result<OneSignalDelivery, OneSignalError> {
        OneSignalResponse(status: status, headers: headers, body: Samples.data(body)).interpret(idempotencyKey: key, receivedAt: now)
    }

    func failure(_ result: Result<OneSignalDelivery, OneSignalError>) -> OneSignalError? {
        if case .failure(let error) = result { return error }
        return nil
    }

    @Test func createdIsADeliveryWithItsID() throws {
        let delivery = try interpret(200, Samples.created).get()
        #expect(delivery == OneSignalDelivery(id: "b98881cc-1e94-4366-bbd9-db8f3429292b", idempotencyKey: key, attempts: 1))
        #expect(delivery.errorMessages.isEmpty)
    }

    @Test func skippedTargetsAreKeptOnTheDelivery() throws {
        let delivery = try interpret(200, Samples.createdWithSkippedTargets).get()
        #expect(delivery.errors == ["invalid_aliases": ["external_id": ["user-9999"]]])
        #expect(delivery.errorMessages == [#"invalid_aliases: {"external_id":["user-9999"]}"#])
    }

    @Test func replayIsNoted() throws {
        let delivery = try interpret(200, Samples.created, headers: ["idempotent-replayed": "true"]).get()
        #expect(delivery.isIdempotentReplay)
    }

    @Test func twoHundredWithAnEmptyIDIsAFailure() {
        let error = failure(interpret(200, Samples.noSubscribers))
        #expect(error?.code == .notSent)
        #expect(error?.status == 200)
        #expect(error?.errors == ["All included players are not subscribed"])
        #expect(error?.isRetryable == false)
        #expect(error?.description.contains("All included players are not subscribed") == true)
    }

    @Test(arguments: [#"{"errors":["no one"]}"#, #"{"id":null}"#, #"{"id":"  "}"#])
    func twoHundredWithoutAUsableIDIsNotSent(body: String) {
        #expect(failure(interpret(200, body))?.code == .notSent)
    }

    @Test(arguments: ["", "<html>OK</html>", "[]"])
    func twoHundredWithoutAJSONObjectIsMalformed(body: String) {
        #expect(failure(interpret(200, body))?.code == .malformedResponse)
    }

    @Test func badRequestSurfacesOneSignalsErrors() {
        let error = failure(interpret(400, Samples.badRequest))
        #expect(error == OneSignalError(
            .rejected, "OneSignal refused the request", status: 400, errors: ["Message Notifications must have English language content"], attempts: 1))
        #expect(error?.isRetryable == false)
    }

    @Test(arguments: [401, 403])
    func aWrongKeyIsUnauthorized(status: Int) {
        let error = failure(interpret(status, #"{"errors":["Access denied.  Please include an 'Authorization: ...' header with a valid API key"]}"#))
        #expect(error?.code == .unauthorized)
        #expect(error?.isRetryable == false)
        #expect(error.map { $0.description.components(separatedBy: "(HTTP \(status))").count } == 2, "the status said once")
    }

    @Test func rateLimitIsRetryableWithRetryAfter() {
        let error = failure(interpret(429, Samples.rateLimited, headers: ["Retry-After": "12"]))
        #expect(error?.code == .rateLimited)
        #expect(error?.isRetryable == true)
        #expect(error?.retryAfter == .seconds(12))
        #expect(error?.errors == ["API rate limit exceeded"])
        #expect(error?.message.contains("limit: app") == true)
    }

    @Test func retryAfterAsADateIsMeasuredFromArrival() {
        let error = failure(interpret(503, Samples.unavailable, headers: ["retry-after": "Tue, 14 Nov 2023 22:13:40 GMT"]))
        #expect(error?.retryAfter == .seconds(20))
    }

    @Test(arguments: [500, 502, 503, 504])
    func everyServerErrorIsRetryable(status: Int) {
        let error = failure(interpret(status, "<html><body>Bad gateway</body></html>"))
        #expect(error?.code == .serverError)
        #expect(error?.isRetryable == true)
        #expect(error?.errors == [], "a body that is not JSON is not OneSignal's word")
        #expect(
            error?.message == "the server could not take the request; its untyped body is not OneSignal's JSON (a proxy's page, or not OneSignal's API): \"<html><body>Bad gateway</body></html>\"",
            "a body that is not JSON is shown, not lost")
    }

    static let errorShapes: [(JSONValue?, [String])] = [
        (["one", "two"], ["one", "two"]), ("single", ["single"]), (nil, []), (.null, []), ([1, ["a": 2]], ["1", #"{"a":2}"#]),
    ]

    @Test(arguments: errorShapes)
    func errorsFlattenToLines(errors: JSONValue?, expected: [String]) {
        let delivery = OneSignalDelivery(id: "x", errors: errors, idempotencyKey: key)
        #expect(delivery.errorMessages == expected)
    }
}
