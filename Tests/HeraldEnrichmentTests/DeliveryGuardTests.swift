import Foundation
import Testing

@testable import HeraldEnrichment

/// Counts deliveries, thread-safely.
final class DeliveryRecorder<Content: Sendable>: @unchecked Sendable {
    // @unchecked: `delivered` is only touched while `lock` is held.
    private let lock = NSLock()
    private var delivered: [Content] = []

    func record(_ content: Content) { lock.withLock { delivered.append(content) } }
    var deliveries: [Content] { lock.withLock { delivered } }
}

@Suite("Delivery guard")
struct DeliveryGuardTests {
    @Test func firstCallDeliversLaterCallsAreNoOps() {
        let recorder = DeliveryRecorder<String>()
        let guardian = DeliveryGuard<String>(handler: recorder.record)
        #expect(!guardian.hasDelivered)
        #expect(guardian.deliver("first"))
        #expect(!guardian.deliver("second"))
        var built = false
        #expect(!guardian.deliver { built = true; return "third" })
        #expect(!built)
        #expect(recorder.deliveries == ["first"])
        #expect(guardian.hasDelivered)
    }

    @Test func reentrantDeliveryFromTheHandlerDoesNotDeadlock() {
        let recorder = DeliveryRecorder<Int>()
        let box = GuardBox()
        let guardian = DeliveryGuard<Int> { value in
            recorder.record(value)
            // A provider hook calling the handler from inside the handler.
            #expect(box.guardian?.deliver(value + 1) == false)
        }
        box.guardian = guardian
        #expect(guardian.deliver(1))
        #expect(recorder.deliveries == [1])
    }

    /// The iOS adapter's handler keeps its service alive until delivery: after it, the guard
    /// must keep nothing.
    @Test func theHandlerAndWhatItHoldsAreLetGoOnceDelivered() {
        final class Held: Sendable {}
        weak var released: Held?
        let guardian: DeliveryGuard<Int>
        do {
            let held = Held()
            released = held
            guardian = DeliveryGuard<Int> { _ in withExtendedLifetime(held) {} }
        }
        #expect(released != nil)
        #expect(guardian.deliver(1))
        #expect(released == nil)
    }

    @Test func racingThreadsDeliverExactlyOnce() async {
        for _ in 0..<500 {
            let recorder = DeliveryRecorder<Int>()
            let guardian = DeliveryGuard<Int>(handler: recorder.record)
            await withTaskGroup(of: Void.self) { group in
                for racer in 0..<4 {
                    group.addTask { guardian.deliver(racer) }
                }
            }
            #expect(recorder.deliveries.count == 1)
        }
    }
}

/// Lets a handler reach its own guard.
private final class GuardBox: @unchecked Sendable {
    // @unchecked: `stored` is only touched while `lock` is held.
    private let lock = NSLock()
    private var stored: DeliveryGuard<Int>?
    var guardian: DeliveryGuard<Int>? {
        get { lock.withLock { stored } }
        set { lock.withLock { stored = newValue } }
    }
}
