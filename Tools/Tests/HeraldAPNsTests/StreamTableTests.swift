@testable import HeraldAPNs
import HeraldCore
import NIOHTTP2
import Testing

/// The connection's table of streams against a dictionary doing the same: every lookup, count
/// and listing must agree, whatever order streams end in.
@Suite struct StreamTableTests {
    @Test(arguments: [1, 2, 3, 4]) func agreesWithADictionaryUnderRandomOpeningsAndEndings(seed: UInt64) {
        var generator = SeededGenerator(seed: seed)
        var table = StreamTable<Int>()
        var model: [HTTP2StreamID: Int] = [:]
        var next = HTTP2StreamID(1)
        for step in 0..<5_000 {
            switch Int.random(in: 0..<10, using: &generator) {
            case 0..<4:
                // A new stream, sometimes past ids never used (requests dropped before they opened).
                next = next.advanced(by: 2 * Int.random(in: 0...2, using: &generator))
                table[next] = step
                model[next] = step
                next = next.advanced(by: 2)
            case 4..<7:
                // The oldest ends most often, as answers come in order; any may.
                let keys = model.keys.sorted()
                guard let key = Bool.random(using: &generator) ? keys.first : keys.randomElement(using: &generator) else { continue }
                #expect(table.removeValue(forKey: key) == model.removeValue(forKey: key))
            case 7:
                guard let key = model.keys.randomElement(using: &generator) else { continue }
                #expect(table.change(key) { $0 += 1000; return $0 } == model[key].map { $0 + 1000 })
                model[key]? += 1000
            case 8:
                // Ids the table never held, below and above, and one of the other parity.
                #expect(table[HTTP2StreamID(2)] == nil)
                #expect(table[next.advanced(by: 200)] == nil)
                #expect(table.removeValue(forKey: next.advanced(by: 1)) == nil)
            default:
                let key = HTTP2StreamID(1 + 2 * Int.random(in: 0...(Int(next) / 2), using: &generator))
                #expect(table[key] == model[key])
            }
            #expect(table.count == model.count)
            #expect(table.isEmpty == model.isEmpty)
        }
        let expected = model.sorted { $0.key < $1.key }
        #expect(table.elements.map(\.streamID) == expected.map(\.key))
        #expect(table.elements.map(\.value) == expected.map(\.value))
        #expect(table.keys == expected.map(\.key))
    }

    @Test func anEmptiedTableStartsAgainAtTheNextId() {
        var table = StreamTable<String>()
        table[1] = "a"
        table[3] = "b"
        #expect(table.removeValue(forKey: 1) == "a")
        #expect(table.removeValue(forKey: 3) == "b")
        #expect(table.isEmpty)
        table[1_001] = "c"
        #expect(table.elements.map(\.streamID) == [1_001])
        #expect(table[1_001] == "c")
        #expect(table[3] == nil)
    }

    @Test(arguments: [false, true]) func theLargestStreamIdIsHeldAndRemovedInEitherOrder(largestFirst: Bool) {
        // A connection's last request carries 2^31 - 1; nothing may step past it.
        var table = StreamTable<String>()
        let last = HTTP2StreamID.maxID
        let before = last.advanced(by: -2)
        table[before] = "a"
        table[last] = "b"
        #expect(table.elements.map(\.streamID) == [before, last])
        #expect(table.removeValue(forKey: largestFirst ? last : before) == (largestFirst ? "b" : "a"))
        #expect(table.removeValue(forKey: largestFirst ? before : last) == (largestFirst ? "a" : "b"))
        #expect(table.isEmpty)
        #expect(table[last] == nil)
    }

    @Test func aValueSetAgainReplacesItAndIsCountedOnce() {
        var table = StreamTable<String>()
        table[5] = "a"
        table[5] = "b"
        table[7] = nil  // removing what is not there changes nothing
        #expect(table.count == 1)
        #expect(table[5] == "b")
        table[5] = nil
        #expect(table.isEmpty)
    }
}
